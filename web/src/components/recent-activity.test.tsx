import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { HistoryItem } from "@common/users";
import { renderWithProviders } from "../test/render";
import { RecentActivity } from "./recent-activity";

// jsdom has no layout; Mantine's select scrolls its selected option into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

async function chooseOption(label: string, option: string) {
  await userEvent.click(screen.getByRole("combobox", { name: label }));
  // The dropdown animates in; jsdom never finishes the transition, so the option counts as hidden.
  await userEvent.click(await screen.findByRole("option", { name: option, hidden: true }));
}

const history = (count: number): HistoryItem[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `submission-${index}`,
    track_title: `Track ${"QWERTYU"[index]}`,
    artist_name: `Artist ${index}`,
    status: index % 2 === 0 ? "played" : "waiting",
    submitted_at: new Date(Date.UTC(2026, 10, 1 + index)).toISOString(),
    played_at: null,
    score: null,
    score_note: null,
  }));

describe("Recent Activity", () => {
  const titles = () => screen.getAllByRole("listitem").map((row) => row.getAttribute("aria-label")?.split(" by ")[0]);

  it("shows 5, sorts and filters what is loaded, and asks for more with Show More", async () => {
    const onExpand = vi.fn();
    renderWithProviders(
      <RecentActivity
        page={{ submissions: history(7), has_more: false, total: 7 }}
        loading={false}
        failed={false}
        failedText="x"
        emptyText="No recent submissions."
        expanded={false}
        onExpand={onExpand}
        controls
      />,
    );
    expect(titles()).toEqual(["Track U", "Track Y", "Track T", "Track R", "Track E"]);
    await chooseOption("Sort submissions", "Title A-Z");
    expect(titles()).toEqual(["Track E", "Track Q", "Track R", "Track T", "Track U"]);
    await chooseOption("Sort submissions", "Oldest");
    expect(titles()).toEqual(["Track Q", "Track W", "Track E", "Track R", "Track T"]);
    fireEvent.click(screen.getByText("Played only"));
    expect(titles()).toEqual(["Track Q", "Track E", "Track T", "Track U"]);
    await userEvent.click(screen.getByRole("button", { name: "Show More" }));
    expect(onExpand).toHaveBeenCalled();
  });

  it("says so when there is nothing, or when loading failed", () => {
    const { rerender } = renderWithProviders(
      <RecentActivity
        page={{ submissions: [], has_more: false, total: 0 }}
        loading={false}
        failed={false}
        failedText="Failed to load submission history"
        emptyText="No recent submissions."
        expanded={false}
        onExpand={vi.fn()}
        controls
      />,
    );
    expect(screen.getByText("No recent submissions.")).toBeTruthy();
    rerender(
      <RecentActivity
        page={undefined}
        loading={false}
        failed
        failedText="Failed to load submission history"
        emptyText="No recent submissions."
        expanded={false}
        onExpand={vi.fn()}
      />,
    );
    expect(screen.getByText("Failed to load submission history")).toBeTruthy();
  });

  it("shows the host's score and line on a scored song, and nothing on the others", () => {
    const [scored, unscored] = history(2);
    renderWithProviders(
      <RecentActivity
        page={{ submissions: [{ ...scored!, score: 8, score_note: "Great hook" }, unscored!], has_more: false, total: 2 }}
        loading={false}
        failed={false}
        failedText="Failed to load submission history"
        emptyText="No recent submissions."
        expanded={false}
        onExpand={vi.fn()}
      />,
    );
    const [first, second] = screen.getAllByRole("listitem");
    expect(first!.textContent).toContain("8/10");
    expect(first!.textContent).toContain("The host: “Great hook”");
    expect(screen.getByLabelText("The host's score: 8 out of 10")).toBeTruthy();
    expect(second!.textContent).not.toContain("/10");
  });

  it("marks a submission the host declined and shows the host's reason", () => {
    const declined: HistoryItem = { ...history(1)[0]!, status: "removed", decline_reason: "Not a fit for this show" };
    renderWithProviders(
      <RecentActivity
        page={{ submissions: [declined], has_more: false, total: 1 }}
        loading={false}
        failed={false}
        failedText="x"
        emptyText="None"
        expanded={false}
        onExpand={() => {}}
      />,
    );
    const row = screen.getByRole("listitem");
    expect(row.textContent).toContain("Declined by the host: Not a fit for this show");
    expect(row.textContent).toContain("Declined");
    expect(row.textContent).not.toContain("Removed");
  });
});
