import { afterEach, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { QueueOverview } from "@common/queue";
import { renderWithProviders } from "../../../test/render";
import { servedWithQueueStatus } from "../../../test/served-page";
import { JoinQueueButton, QueueClosedNotice } from "./join-from-queue";

const overview = (queue_status: QueueOverview["queue_status"]): QueueOverview => ({
  total_submissions: 0,
  active_queue: 0,
  waiting_queue: 0,
  hold_queue: 0,
  queue_status,
  is_queue_open: queue_status !== "closed",
  next_stream_start_at: null,
  now_playing: null,
});

let forgetStatus = () => {};
afterEach(() => forgetStatus());

describe("the closed-queue notice of /queue", () => {
  it("shows the status the page was sent with until the overview answers, then the overview's", () => {
    forgetStatus = servedWithQueueStatus("closed");
    const { rerender } = renderWithProviders(<QueueClosedNotice overview={undefined} />);
    expect(screen.getByText("The queue is closed")).toBeTruthy();
    rerender(<QueueClosedNotice overview={overview("open")} />);
    expect(screen.queryByText("The queue is closed")).toBeNull();
    rerender(<QueueClosedNotice overview={overview("busy")} />);
    expect(screen.getByText("Submissions are paused")).toBeTruthy();
  });

  it("shows nothing before the overview on a page sent without a status (one the server did not prerender)", () => {
    renderWithProviders(<QueueClosedNotice overview={undefined} />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("The queue is closed")).toBeNull();
  });
});

describe("Join Queue on /queue", () => {
  it("is on the page from the first render when it was sent while the queue was open, and follows the overview once it answers", () => {
    forgetStatus = servedWithQueueStatus("open");
    const { rerender } = renderWithProviders(<JoinQueueButton overview={undefined} joined={false} />);
    expect(screen.getByRole("button", { name: "Join Queue" })).toBeTruthy();
    rerender(<JoinQueueButton overview={overview("busy")} joined={false} />);
    expect(screen.queryByRole("button", { name: "Join Queue" })).toBeNull();
  });

  it("opens the open queue's disclaimer when pressed before the overview answers", async () => {
    forgetStatus = servedWithQueueStatus("open");
    renderWithProviders(<JoinQueueButton overview={undefined} joined={false} />);
    await userEvent.click(screen.getByRole("button", { name: "Join Queue" }));
    expect(await screen.findByRole("dialog", { name: "Join the queue" })).toBeTruthy();
  });

  it("is not offered before the overview on a page sent while the queue was closed, nor to a visitor already in the queue", () => {
    forgetStatus = servedWithQueueStatus("closed");
    const { rerender } = renderWithProviders(<JoinQueueButton overview={undefined} joined={false} />);
    expect(screen.queryByRole("button", { name: "Join Queue" })).toBeNull();
    rerender(<JoinQueueButton overview={overview("open")} joined />);
    expect(screen.queryByRole("button", { name: "Join Queue" })).toBeNull();
  });
});
