import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../../test/render";
import { newScheduleValues } from "../schedule-form-values";
import { ScheduleForm } from "./schedule-form";

function renderForm(initial = newScheduleValues()) {
  const onSubmit = vi.fn();
  renderWithProviders(<ScheduleForm initial={initial} submitLabel="Create schedule" saving={false} onSubmit={onSubmit} onCancel={() => undefined} />);
  return { onSubmit, user: userEvent.setup() };
}

describe("the schedule form", () => {
  it("shows the spec's defaults", () => {
    renderForm();
    const valueOf = (label: RegExp) => (screen.getAllByLabelText(label).find((element) => element.tagName === "INPUT") as HTMLInputElement).value;
    expect(valueOf(/^Type/)).toBe("Daily");
    expect(valueOf(/^Action/)).toBe("Open queue");
    expect(valueOf(/^Time\b(?! zone)/)).toBe("19:00");
    expect(valueOf(/^Time zone/)).toBe("Eastern (America/New_York)");
    expect((screen.getByLabelText("Active") as HTMLInputElement).checked).toBe(true);
  });

  it("asks for a name before sending anything", async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Create schedule" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks for a day of a weekly schedule, then sends the chosen days", async () => {
    const { onSubmit, user } = renderForm({ ...newScheduleValues(), name: "Weeknights", schedule_type: "weekly" });
    await user.click(screen.getByRole("button", { name: "Create schedule" }));
    expect(await screen.findByText("Please select at least one day for weekly schedules")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole("checkbox", { name: "Wednesday" }));
    await user.click(screen.getByRole("checkbox", { name: "Monday" }));
    await user.click(screen.getByRole("button", { name: "Create schedule" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: "Weeknights", schedule_type: "weekly", weekdays: ["wednesday", "monday"] });
  });
});
