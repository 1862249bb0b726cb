import { describe, expect, it, vi } from "vitest";
import axe from "axe-core";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fallbackVoteUsage, type CurrentPlayed, type PlayedSong, type VoteUsage } from "@common/votes";
import { renderWithProviders } from "../../../test/render";
import { PlayedVotesList } from "./played-votes-list";

const song = (id: string, values: Partial<PlayedSong> = {}): PlayedSong => ({
  submission_id: id,
  artist_name: `Artist ${id}`,
  track_title: `Track ${id}`,
  username: `channel${id}`,
  played_at: new Date().toISOString(),
  votes: 0,
  voted: false,
  own: false,
  ...values,
});

function renderList(played: PlayedSong[], options: { signedIn?: boolean; usage?: VoteUsage | null; busyId?: string | null } = {}) {
  const onToggleVote = vi.fn();
  const current: CurrentPlayed = { session_id: "s1", played };
  renderWithProviders(
    <PlayedVotesList
      current={current}
      failed={false}
      signedIn={options.signedIn ?? true}
      usage={options.usage === undefined ? { open: true, used: 1, remaining: 2, max: 3 } : options.usage}
      busyId={options.busyId ?? null}
      onToggleVote={onToggleVote}
    />,
  );
  return { onToggleVote, section: screen.getByRole("region", { name: "Played This Session" }) };
}

const row = (title: string) => screen.getByRole("listitem", { name: new RegExp(`^${title} by`) });

describe("PlayedVotesList", () => {
  it("shows each song's votes and the member's usage, and votes on a click", async () => {
    const { onToggleVote } = renderList([song("a", { votes: 1 }), song("b", { votes: 2 })]);
    expect(screen.getByText("Vote for your favourites: 2 of 3 votes left")).toBeTruthy();
    expect(within(row("Track a")).getByText("1 vote")).toBeTruthy();
    expect(within(row("Track b")).getByText("2 votes")).toBeTruthy();
    const button = screen.getByRole("button", { name: "Vote for Track a" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    await userEvent.click(button);
    expect(onToggleVote).toHaveBeenCalledWith(expect.objectContaining({ submission_id: "a" }));
  });

  it("marks a song the member voted for, and lets them take the vote back", async () => {
    const { onToggleVote } = renderList([song("a", { votes: 3, voted: true })]);
    const button = screen.getByRole("button", { name: "Voted for Track a: take back your vote" });
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(button.textContent).toContain("Voted");
    await userEvent.click(button);
    expect(onToggleVote).toHaveBeenCalledWith(expect.objectContaining({ submission_id: "a", voted: true }));
  });

  it("disables the other songs' buttons once no vote is left, but keeps taking back possible", () => {
    renderList([song("a", { voted: true }), song("b")], { usage: { open: true, used: 3, remaining: 0, max: 3 } });
    expect(screen.getByText("Vote for your favourites: 0 of 3 votes left")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Vote for Track b" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Voted for Track a: take back your vote" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("offers no button on the member's own song", () => {
    renderList([song("mine", { own: true })]);
    expect(within(row("Track mine")).getByText("Your song")).toBeTruthy();
    expect(within(row("Track mine")).queryByRole("button")).toBeNull();
  });

  it("shows a pending vote as loading", () => {
    renderList([song("a")], { busyId: "a" });
    expect(screen.getByRole("button", { name: "Vote for Track a" }).getAttribute("data-loading")).toBe("true");
  });

  it("shows guests the counts and asks them to sign in, without buttons", () => {
    const { section } = renderList([song("a", { votes: 4 })], { signedIn: false, usage: null });
    expect(screen.getByText("Sign in to vote for your favourites.")).toBeTruthy();
    expect(within(section).getByText("4 votes")).toBeTruthy();
    expect(within(section).queryByRole("button", { name: /Vote/ })).toBeNull();
  });

  it("uses the spec's fallback usage when the lookup failed: 3 of 3 votes left", () => {
    renderList([song("a")], { usage: fallbackVoteUsage(true) });
    expect(screen.getByText("Vote for your favourites: 3 of 3 votes left")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Vote for Track a" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says when the session has no song yet", () => {
    renderList([]);
    expect(screen.getByText("No songs played yet in this session.")).toBeTruthy();
  });

  it("names each Vote button starting with the word it shows (axe: label-content-name-mismatch)", async () => {
    renderList([song("a", { voted: true }), song("b")]);
    const results = await axe.run(document.body, { runOnly: { type: "rule", values: ["label-content-name-mismatch"] } });
    expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")))).toEqual([]);
  });
});
