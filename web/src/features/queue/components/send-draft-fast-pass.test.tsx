import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LOYALTY_MESSAGES, type LoyaltyBalance } from "@common/loyalty";
import type { QueueOverview } from "@common/queue";
import type { AdminEntry } from "@common/queue-admin";
import type { UserAuthResponse } from "@common/users";
import { setSessionTokens } from "../../../lib/storage";
import { serveOpenQueue, type RealServer } from "../../../test/real-server";
import { renderWithProviders } from "../../../test/render";
import { DraftSubmissionButton } from "../../drafts";
import { JoinQueueFlow } from "./join-queue-flow";

let server: RealServer;

/** A member holding `tokens` (tier -> count) with a complete draft saved to the account. */
async function memberWithDraft(username: string, tokens: Record<number, number>): Promise<UserAuthResponse> {
  const member = await server.register(username);
  const admin = await server.adminToken();
  for (const [tier, count] of Object.entries(tokens)) {
    await server.call("POST", "fastpass/admin/grant", { token: admin, json: { user_id: member.user.user_id, source: "admin_grant", priority_level: Number(tier), count } });
  }
  await server.call("PUT", "drafts/me", {
    token: member.access_token,
    json: { artist_name: "Night Owls", track_title: `Song of ${username}`, link: `https://example.com/${username}`, is_file: false },
  });
  return member;
}

const signIn = (member: UserAuthResponse) => setSessionTokens("user", member, member.user);
const balanceOf = (member: UserAuthResponse) => server.call<LoyaltyBalance>("GET", "loyalty/balance", { token: member.access_token });
async function entryOf(member: UserAuthResponse): Promise<AdminEntry | undefined> {
  const waiting = await server.call<AdminEntry[]>("GET", "queuer/queue/admin", { token: await server.adminToken() });
  return waiting.find((entry) => entry.owner_id === member.user.user_id);
}

const OPEN: QueueOverview = {
  total_submissions: 0,
  active_queue: 0,
  waiting_queue: 0,
  hold_queue: 0,
  queue_status: "open",
  is_queue_open: true,
  next_stream_start_at: null,
  now_playing: null,
};

serveOpenQueue((started) => (server = started));

describe("sending a saved draft with a Fast Pass", { timeout: 30_000 }, () => {
  it("asks a member holding several tiers which one to spend from the Join Queue disclaimer", async () => {
    const member = await memberWithDraft("draft_vip_two_tiers", { 1: 1, 3: 2 });
    signIn(member);
    renderWithProviders(<JoinQueueFlow opened onClose={() => {}} overview={OPEN} alreadyJoined={false} />);

    await userEvent.click(await screen.findByRole("checkbox", { name: /Use a Fast Pass/ }));
    expect(screen.getByText(/For sending your saved draft/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Send Saved Draft" }));
    expect((await screen.findByRole("alert")).textContent).toBe(LOYALTY_MESSAGES.chooseTier);
    expect(await entryOf(member)).toBeUndefined();

    await userEvent.click(screen.getByRole("radio", { name: "Super VIP (2 left)" }));
    expect(screen.queryByRole("alert")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Send Saved Draft" }));
    await waitFor(async () => expect(await entryOf(member)).toMatchObject({ priority_level: 3, payment_source: "fast_pass", track_title: "Song of draft_vip_two_tiers" }), {
      timeout: 10_000,
    });
    expect(await balanceOf(member)).toMatchObject({ tokens_by_level: { "1": 1, "2": 0, "3": 1 } });
  });

  it("sends without a Fast Pass unless the member ticks it", async () => {
    const member = await memberWithDraft("draft_keeps_token", { 2: 1 });
    signIn(member);
    renderWithProviders(<JoinQueueFlow opened onClose={() => {}} overview={OPEN} alreadyJoined={false} />);
    expect(await screen.findByRole("checkbox", { name: "Use a VIP Fast Pass (1 left)" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Send Saved Draft" }));
    await waitFor(async () => expect(await entryOf(member)).toMatchObject({ priority_level: 0 }), { timeout: 10_000 });
    expect((await balanceOf(member)).tokens_by_level["2"]).toBe(1);
  });

  it("spends the only tier held from the draft modal's Send to queue", async () => {
    const member = await memberWithDraft("draft_modal_vip", { 2: 1 });
    signIn(member);
    renderWithProviders(<DraftSubmissionButton />);
    await userEvent.click(screen.getByRole("button", { name: "Draft Submission" }));
    await userEvent.click(await screen.findByRole("checkbox", { name: "Use a VIP Fast Pass (1 left)" }));
    expect(screen.queryByRole("radio", { name: /left\)/ })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Send to queue" }));
    await waitFor(async () => expect(await entryOf(member)).toMatchObject({ priority_level: 2, payment_source: "fast_pass" }), { timeout: 10_000 });
    expect(await balanceOf(member)).toMatchObject({ available_tokens: 0 });
  });
});
