import { describe, expect, it, vi } from "vitest";
import axe from "axe-core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SkipVoteStatus } from "@common/skip-votes";
import { renderWithProviders } from "../../../test/render";
import { SkipVoteBar } from "./skip-vote-bar";

const status = (values: Partial<SkipVoteStatus> = {}): SkipVoteStatus => ({ submission_id: "song-1", votes: 1, needed: 3, voted: false, skipped: false, ...values });

function renderBar(value: SkipVoteStatus | null, options: { signedIn?: boolean; busy?: boolean } = {}) {
  const onVote = vi.fn();
  const view = renderWithProviders(<SkipVoteBar status={value} signedIn={options.signedIn ?? true} busy={options.busy ?? false} onVote={onVote} />);
  return { onVote, container: view.container };
}

describe("SkipVoteBar", () => {
  it("shows the count and sends a member's vote for the song playing", async () => {
    const { onVote, container } = renderBar(status());
    expect(screen.getByRole("region", { name: "Votes to skip" }).textContent).toContain("Skip votes: 1 / 3");
    await userEvent.click(screen.getByRole("button", { name: "Vote to skip" }));
    expect(onVote).toHaveBeenCalledWith("song-1");
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it("tells a member who voted that their vote is in, with no second button", () => {
    renderBar(status({ votes: 2, voted: true }));
    expect(screen.getByTestId("skip-vote-count").textContent).toBe("Skip votes: 2 / 3");
    expect(screen.getByText("You voted to skip this song")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("asks a guest to sign in instead of offering the button", () => {
    renderBar(status(), { signedIn: false });
    expect(screen.getByText("Sign in to vote to skip this song.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Vote to skip" })).toBeNull();
  });

  it("shows nothing while skip votes are off or nothing plays", () => {
    renderBar(status({ needed: null }));
    expect(screen.queryByRole("region", { name: "Votes to skip" })).toBeNull();
    renderBar(status({ submission_id: null }));
    expect(screen.queryByRole("region", { name: "Votes to skip" })).toBeNull();
  });
});
