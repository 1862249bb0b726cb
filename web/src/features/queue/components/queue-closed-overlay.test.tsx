import { describe, expect, it } from "vitest";
import { act, screen } from "@testing-library/react";
import type { QueueOverview } from "@common/queue";
import { renderWithProviders } from "../../../test/render";
import { QueueClosedOverlay } from "./queue-closed-overlay";

const overview = (queue_status: QueueOverview["queue_status"]): QueueOverview => ({
  total_submissions: 2,
  active_queue: 1,
  waiting_queue: 1,
  hold_queue: 0,
  queue_status,
  is_queue_open: queue_status === "open",
  next_stream_start_at: null,
  now_playing: null,
});

describe("the closed-queue dialog of /queue", () => {
  it("greets a visitor who arrives while the queue is closed", async () => {
    renderWithProviders(<QueueClosedOverlay overview={overview("closed")} />);
    expect(await screen.findByRole("dialog", { name: "The queue is closed" })).toBeTruthy();
  });

  it("does not pop up over people watching when the queue closes live", async () => {
    // Beside it, a page that arrived while the queue was closed: its dialog shows when the other one would have.
    const pages = (watching: QueueOverview | undefined, arriving: QueueOverview | undefined) => (
      <>
        <QueueClosedOverlay overview={watching} />
        <QueueClosedOverlay overview={arriving} />
      </>
    );
    const { rerender } = renderWithProviders(pages(undefined, undefined));
    rerender(pages(overview("open"), overview("closed")));
    await act(async () => {});
    rerender(pages(overview("closed"), overview("closed")));
    await screen.findByRole("dialog", { name: "The queue is closed" });
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });
});
