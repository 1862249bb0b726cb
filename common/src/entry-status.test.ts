import { describe, expect, it } from "vitest";
import { BULK_TARGET_QUEUES, BULK_TARGET_STATUS } from "./bulk";
import { ENTRY_STATUSES, isLiveStatus, LIST_LABELS, PLACE_LABELS, QUEUE_TYPES, STATUS_LABELS } from "./entry-status";

describe("the words for an entry's status", () => {
  it("names the three lists as the queue pages title them", () => {
    expect(QUEUE_TYPES.map((type) => LIST_LABELS[type])).toEqual(["Waiting", "Now Playing", "On Hold"]);
  });

  it("reads a waiting entry as In Queue in a member's history, and every other status as its list or fate", () => {
    expect(ENTRY_STATUSES.map((status) => STATUS_LABELS[status])).toEqual(["In Queue", "Now Playing", "On Hold", "Played", "Removed"]);
    expect(PLACE_LABELS.waiting).toBe("Waiting");
  });

  it("counts only waiting, playing and held entries as in the queue", () => {
    expect(ENTRY_STATUSES.filter((status) => isLiveStatus(status))).toEqual(["waiting", "active", "on_hold"]);
    expect(isLiveStatus(undefined)).toBe(false);
    expect(isLiveStatus("not_found")).toBe(false);
  });

  it("sends a bulk move to hold into the On Hold list", () => {
    expect(BULK_TARGET_QUEUES.map((target) => LIST_LABELS[BULK_TARGET_STATUS[target]])).toEqual(["Waiting", "On Hold", "Now Playing"]);
  });
});
