import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { QUEUE_MESSAGES } from "@common/queue";
import { makeEntry } from "../../../test/entry";
import { renderWithProviders } from "../../../test/render";
import { QueueSection } from "./queue-section";

function renderOnHold(ownId: string | null) {
  const entries = [makeEntry("mine", { status: "on_hold", on_hold: true, awaiting_approval: true }), makeEntry("held", { status: "on_hold", on_hold: true })];
  renderWithProviders(
    <QueueSection title="On Hold" kind="on_hold" entries={entries} loading={false} failed={false} emptyText="Nobody" isOwn={(entry) => entry.id === ownId} highlightedId={null} />,
  );
  return { mine: document.getElementById("entry-mine")!, held: document.getElementById("entry-held")! };
}

describe("a submission awaiting the host's approval", () => {
  it("tells its submitter on their card that it waits for the host's approval", () => {
    const { mine, held } = renderOnHold("mine");
    expect(within(mine).getByText("Waiting for the host's approval")).toBeTruthy();
    expect(within(held).queryByText(/approval/)).toBeNull();
  });

  it("shows everyone else only that it awaits approval", () => {
    const { mine } = renderOnHold(null);
    expect(within(mine).getByText("Awaiting approval")).toBeTruthy();
    expect(screen.queryByText(QUEUE_MESSAGES.positionAwaitingApproval)).toBeNull();
  });
});
