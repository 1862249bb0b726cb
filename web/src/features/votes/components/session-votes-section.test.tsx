import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CurrentPlayed, VoteResult, VoteUsage } from "@common/votes";
import { clearUserSession, setSessionTokens } from "../../../lib/storage";
import { renderWithProviders } from "../../../test/render";
import { SessionVotesSection } from "./session-votes-section";

const song = {
  submission_id: "s1",
  artist_name: "Luma Tide",
  track_title: "Harbour Lights",
  username: "lumatide",
  played_at: "2026-01-01T20:00:00.000Z",
  votes: 0,
  voted: false,
  own: false,
};
let played: CurrentPlayed;
let usage: { status: number; body: VoteUsage | { detail: string } };
const calls: string[] = [];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls.length = 0;
  played = { session_id: "live", played: [song] };
  usage = { status: 200, body: { open: true, used: 0, remaining: 3, max: 3 } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL | string, init?: RequestInit) => {
      const path = new URL(String(url)).pathname.replace("/api/v1/", "");
      calls.push(`${init?.method ?? "GET"} ${path}`);
      if (path === "votes/session/current/played") return json(200, played);
      if (path === "votes/session/current/usage") return json(usage.status, usage.body);
      const result: VoteResult = { submission_id: "s1", votes: 1, voted: true, usage: { open: true, used: 1, remaining: 2, max: 3 } };
      return json(201, result);
    }),
  );
  setSessionTokens("user", { access_token: "member-token", refresh_token: "refresh" }, { user_id: "m1", username: "mira", display_name: "Mira", email: null, bio: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearUserSession();
});

describe("SessionVotesSection", () => {
  it("is not shown while no session is live", async () => {
    played = { session_id: null, played: [] };
    renderWithProviders(<SessionVotesSection />);
    await waitFor(() => expect(calls).toContain("GET votes/session/current/played"));
    expect(screen.queryByRole("region", { name: "Played This Session" })).toBeNull();
    expect(calls).not.toContain("GET votes/session/current/usage");
  });

  it("votes and shows the new count and usage from the answer", async () => {
    renderWithProviders(<SessionVotesSection />);
    expect(await screen.findByText("Vote for your favourites: 3 of 3 votes left")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Vote for Harbour Lights" }));
    expect(await screen.findByText("Vote for your favourites: 2 of 3 votes left")).toBeTruthy();
    expect(screen.getByText("1 vote")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Voted for Harbour Lights: take back your vote" }).getAttribute("aria-pressed")).toBe("true");
    expect(calls).toContain("POST votes/session/current/played/s1");
  });

  it("falls back to open, 3 of 3 votes left when the usage lookup fails (spec 8)", async () => {
    usage = { status: 404, body: { detail: "Not Found" } };
    renderWithProviders(<SessionVotesSection />);
    expect(await screen.findByText("Vote for your favourites: 3 of 3 votes left")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Vote for Harbour Lights" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
