import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Draft } from "@common/drafts";
import type { QueueOverview } from "@common/queue";
import type { AdminEntry } from "@common/queue-admin";
import type { UserAuthResponse } from "@common/users";
import { setSessionTokens } from "../../../lib/storage";
import { serveOpenQueue, type RealServer } from "../../../test/real-server";
import { renderWithProviders } from "../../../test/render";
import { JoinQueueFlow } from "./join-queue-flow";

let server: RealServer;

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

/** A signed-in member whose saved draft has an artist and a title but no link yet. */
async function memberWithUnfinishedDraft(username: string): Promise<UserAuthResponse> {
  const member = await server.register(username);
  await server.call("PUT", "drafts/me", {
    token: member.access_token,
    json: { artist_name: "Northern Glass", track_title: "", link: "https://example.com/northern", is_file: false },
  });
  setSessionTokens("user", member, member.user);
  return member;
}

async function entryOf(member: UserAuthResponse): Promise<AdminEntry | undefined> {
  const waiting = await server.call<AdminEntry[]>("GET", "queuer/queue/admin", { token: await server.adminToken() });
  return waiting.find((entry) => entry.owner_id === member.user.user_id);
}

serveOpenQueue((started) => (server = started));

describe("finishing a saved draft from the Join Queue disclaimer", { timeout: 30_000 }, () => {
  it("keeps the draft dialog open while the member types once the autosave makes the draft complete, and sends the whole title", async () => {
    const member = await memberWithUnfinishedDraft("finish_keeps_open");
    renderWithProviders(<JoinQueueFlow opened onClose={() => {}} overview={OPEN} alreadyJoined={false} />);
    await userEvent.click(await screen.findByRole("button", { name: "Finish Saved Draft" }));
    const title = await screen.findByRole("textbox", { name: "Track title" });
    await userEvent.type(title, "Mi");
    await waitFor(async () => expect((await server.call<Draft>("GET", "drafts/me", { token: member.access_token })).track_title).toBe("Mi"), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByText("Ready to send")).toBeTruthy());

    expect(screen.getByRole("dialog", { name: "Draft Submission" })).toBeTruthy();
    await userEvent.type(screen.getByRole("textbox", { name: "Track title" }), "dnight");
    expect((screen.getByRole("textbox", { name: "Track title" }) as HTMLInputElement).value).toBe("Midnight");

    await userEvent.click(screen.getByRole("button", { name: "Keep for Later" }));
    await userEvent.click(await screen.findByRole("button", { name: "Send Saved Draft" }));
    await waitFor(async () => expect(await entryOf(member)).toMatchObject({ artist_name: "Northern Glass", track_title: "Midnight" }), { timeout: 10_000 });
  });
});
