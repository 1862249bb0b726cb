import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { LoyaltyBalance } from "@common/loyalty";
import { renderWithProviders } from "../../../test/render";
import type { SubmissionFormValues } from "../entry-rules";
import { SubmissionForm } from "./entry-form";

const balance = (premium: number, vip: number, superVip: number): LoyaltyBalance => ({
  available_tokens: premium + vip + superVip,
  tokens_by_level: { "1": premium, "2": vip, "3": superVip },
});

async function setup(fastPassBalance: LoyaltyBalance | null) {
  const onSubmit = vi.fn(async (_values: SubmissionFormValues) => {});
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<SubmissionForm submitLabel="Join" errorContext="submit" onSubmit={onSubmit} fastPassBalance={fastPassBalance} />);
  await user.type(screen.getByLabelText(/Artist name/), "Ann");
  await user.type(screen.getByLabelText(/Track title/), "Song");
  await user.type(screen.getByLabelText(/Song link/), "https://example.com/a");
  return { user, onSubmit, join: () => user.click(screen.getByRole("button", { name: "Join" })) };
}

describe("SubmissionForm: Fast Pass", () => {
  it("offers nothing to a guest", async () => {
    await setup(null);
    expect(screen.queryByText(/Fast Pass/)).toBeNull();
  });

  it("offers nothing to a member without tokens", async () => {
    await setup(balance(0, 0, 0));
    expect(screen.queryByText(/Fast Pass/)).toBeNull();
  });

  it("sends no Fast Pass unless the member ticks it", async () => {
    const { onSubmit, join } = await setup(balance(0, 2, 0));
    await join();
    expect(onSubmit.mock.calls[0]![0].fastPassLevel).toBeUndefined();
  });

  it("picks the only tier held when the member ticks Use a Fast Pass", async () => {
    const { user, onSubmit, join } = await setup(balance(0, 2, 0));
    await user.click(screen.getByRole("checkbox", { name: /Use a VIP Fast Pass \(2 left\)/ }));
    expect(screen.queryByRole("radiogroup")).toBeNull();
    await join();
    expect(onSubmit.mock.calls[0]![0].fastPassLevel).toBe(2);
  });

  it("makes a member holding several tiers choose one before sending", async () => {
    const { user, onSubmit, join } = await setup(balance(3, 0, 1));
    await user.click(screen.getByRole("checkbox", { name: /Use a Fast Pass/ }));
    expect(screen.getByRole("radio", { name: "Super VIP (1 left)" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Premium (3 left)" })).toBeTruthy();
    expect(screen.queryByRole("radio", { name: /^VIP/ })).toBeNull();
    await join();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toContain("Choose a Fast Pass tier");

    await user.click(screen.getByRole("radio", { name: "Super VIP (1 left)" }));
    await join();
    expect(onSubmit.mock.calls[0]![0].fastPassLevel).toBe(3);
  });

  it("sends no Fast Pass once the member unticks it again", async () => {
    const { user, onSubmit, join } = await setup(balance(1, 1, 0));
    const box = screen.getByRole("checkbox", { name: /Use a Fast Pass/ });
    await user.click(box);
    await user.click(box);
    await join();
    expect(onSubmit.mock.calls[0]![0].fastPassLevel).toBeUndefined();
  });
});
