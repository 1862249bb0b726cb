import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { WebSocket as NodeWebSocket } from "ws";
import { useLiveTestServer } from "../../test/live-test-server";
import { renderWithProviders } from "../../test/render";
import { NoticeMenu } from "./notice-menu";
import { noticeStore } from "./notice-store";

/** A live socket on /ws/public that the test speaks through, as the server would. */

const backend = useLiveTestServer("/ws/public");

beforeEach(() => {
  localStorage.clear();
  noticeStore.reset();
  vi.stubGlobal("WebSocket", NodeWebSocket);
});
afterEach(() => {
  cleanup();
  for (const socket of backend.connected.splice(0)) socket.terminate();
  vi.unstubAllGlobals();
});

async function renderMenu() {
  const before = backend.connected.length;
  renderWithProviders(<NoticeMenu />, { liveUrl: `ws://${backend.origin}/ws/public` });
  await waitFor(() => expect(backend.connected.length).toBe(before + 1));
  const socket = backend.connected.at(-1)!;
  // Handlers subscribe once the connection is up.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return (message: object) => act(() => socket.send(JSON.stringify(message)));
}

const played = (n: number) => ({ type: "submission_played", artist_name: `Artist ${n}`, track_title: `Track ${n}`, played_at: `2026-06-01T18:${String(n).padStart(2, "0")}:00Z` });
const announcement = (n: number) => ({ type: "system_message", message_type: "info", message: `Announcement ${n}`, timestamp: `2026-06-01T17:${String(n).padStart(2, "0")}:00Z` });

describe("the notification menu", () => {
  it("counts what arrives unread, lists it when opened and marks it read", async () => {
    const send = await renderMenu();
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
    send(announcement(1));
    send(played(1));
    send({ type: "released_from_hold", artist_name: "A", track_title: "Held", message: "", released_at: "2026-06-01T19:00:00Z" });
    const bell = await screen.findByRole("button", { name: "Notifications, 3 unread" });
    fireEvent.click(bell);
    const menu = await screen.findByRole("dialog", { name: "Notifications" });
    const forYou = within(menu).getByRole("region", { name: "For you" });
    expect(within(forYou).getByText("Your song was played!")).toBeTruthy();
    expect(within(forYou).getByText("Track 1 by Artist 1")).toBeTruthy();
    expect(within(forYou).getByText("Welcome back! Your submission is back in the queue.")).toBeTruthy();
    expect(within(within(menu).getByRole("region", { name: "Announcements" })).getByText("Announcement 1")).toBeTruthy();
    expect(within(menu).getAllByText("New")).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
  });

  it("keeps the last 10 personal notifications and the last 5 announcements, once each, across reloads", async () => {
    const send = await renderMenu();
    for (let n = 1; n <= 12; n += 1) send(played(n));
    for (let n = 1; n <= 7; n += 1) send(announcement(n));
    send(announcement(7));
    await screen.findByRole("button", { name: "Notifications, 15 unread" });

    cleanup();
    noticeStore.reset();
    await renderMenu();
    fireEvent.click(screen.getByRole("button", { name: "Notifications, 15 unread" }));
    const menu = await screen.findByRole("dialog", { name: "Notifications" });
    const personal = within(within(menu).getByRole("region", { name: "For you" })).getAllByRole("listitem");
    expect(personal).toHaveLength(10);
    expect(personal[0]!.textContent).toContain("Track 12 by Artist 12");
    expect(personal[9]!.textContent).toContain("Track 3 by Artist 3");
    const system = within(within(menu).getByRole("region", { name: "Announcements" })).getAllByRole("listitem");
    expect(system.map((item) => item.textContent?.match(/Announcement \d/)?.[0])).toEqual([
      "Announcement 7",
      "Announcement 6",
      "Announcement 5",
      "Announcement 4",
      "Announcement 3",
    ]);
  });

  it("says when there is nothing yet, and clears on request", async () => {
    const send = await renderMenu();
    fireEvent.click(screen.getByRole("button", { name: "Notifications" }));
    const menu = await screen.findByRole("dialog", { name: "Notifications" });
    expect(within(menu).getByText("No announcements yet.")).toBeTruthy();
    send(announcement(2));
    await within(menu).findByText("Announcement 2");
    fireEvent.click(within(menu).getByRole("button", { name: "Clear all" }));
    expect(within(menu).getByText("No announcements yet.")).toBeTruthy();
    expect(JSON.parse(localStorage.getItem("live_notices")!)).toEqual({ system: [], personal: [] });
  });
});
