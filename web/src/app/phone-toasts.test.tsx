import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { MESSAGES } from "@common/messages";
import { toastAnnouncement, toastSuccess } from "../components/toast";
import { JoinQueueFlow } from "../features/queue";
import { renderWithProviders } from "../test/render";
import { Toasts } from "./providers";

const OPEN = {
  total_submissions: 0,
  active_queue: 0,
  waiting_queue: 0,
  hold_queue: 0,
  queue_status: "open",
  is_queue_open: true,
  next_stream_start_at: null,
  now_playing: null,
} as const;

/** A 390 px phone: every max-width query of the app matches. */
beforeEach(() => {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: query.includes("max-width"),
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
});
afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

describe("toasts on a phone", () => {
  it("show one at a time instead of a stack over the viewer's own buttons", async () => {
    renderWithProviders(<Toasts />);
    act(() => {
      toastAnnouncement(MESSAGES.queueOpen, "violet");
      toastSuccess("Your song is in the queue.");
      toastSuccess("Your submission was updated.");
    });
    await screen.findByText(MESSAGES.queueOpen);
    expect(screen.queryByText("Your song is in the queue.")).toBeNull();
    expect(screen.queryByText("Your submission was updated.")).toBeNull();
  });

  it("take 'Queue is now OPEN' away once the viewer opens Join Queue", async () => {
    const { rerender } = renderWithProviders(
      <>
        <Toasts />
        <JoinQueueFlow opened={false} onClose={() => {}} overview={OPEN} alreadyJoined={false} />
      </>,
    );
    act(() => toastAnnouncement(MESSAGES.queueOpen, "violet"));
    await screen.findByText(MESSAGES.queueOpen);
    rerender(
      <>
        <Toasts />
        <JoinQueueFlow opened onClose={() => {}} overview={OPEN} alreadyJoined={false} />
      </>,
    );
    await screen.findByRole("dialog", { name: "Join the queue" });
    await waitFor(() => expect(screen.queryByText(MESSAGES.queueOpen)).toBeNull());
  });
});
