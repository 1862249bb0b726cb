import { describe, expect, it } from "vitest";
import { createInProcessEventBus } from "../../events/domain-events";
import { submissionRow } from "../../test/submission-row";
import { summarize } from "./queue-events";
import type { AdminLists } from "./queue-admin-lists";
import { type BuiltLists, createQueueLiveLists } from "./queue-live-lists";
import { createQueueSnapshots, type LiveData } from "./queue-snapshot";
import type { SubmissionRow } from "./queue-rules";

const row = (id: string, status: SubmissionRow["status"] = "waiting") => submissionRow({ id, user_id: `user-${id}`, status, submitted_at: `2026-01-01T20:00:0${id}.000Z` });

/** The live lists over a snapshot of rows the test sets, counting the reads and collecting the versions built. */
function liveListsOver(initial: SubmissionRow[], options: { firstLoad?: Promise<void> } = {}) {
  const events = createInProcessEventBus();
  let entries = initial;
  const reads = { load: 0, changed: 0, admin: 0 };
  const data = (): LiveData => ({ entries, plays: [], files: new Map(), profiles: new Map(), songs: new Map() });
  const snapshots = createQueueSnapshots({
    events,
    load: async () => {
      reads.load += 1;
      const read = data();
      if (reads.load === 1) await options.firstLoad;
      return read;
    },
    loadChanged: async () => ((reads.changed += 1), data()),
  });
  const liveLists = createQueueLiveLists({ snapshots, adminListsOf: async () => ((reads.admin += 1), {} as AdminLists) });
  const built: BuiltLists[] = [];
  liveLists.onBuilt((version) => built.push(version));
  return { events, liveLists, reads, built, snapshots, set: (rows: SubmissionRow[]) => (entries = rows) };
}

describe("the live lists", () => {
  it("builds one version per change, started by the change itself, and hands it out with the lists the change named", async () => {
    const live = liveListsOver([row("1")]);
    await live.snapshots.current();
    expect(live.built.map((version) => version.changed)).toEqual([[]]);

    live.set([row("1", "active")]);
    await live.events.emit("submission.moved", { entry: summarize(row("1", "active")), from: "waiting" });
    await live.liveLists.settled();
    expect(live.built.map((version) => version.changed)).toEqual([[], ["waiting", "active"]]);
    expect(live.built[1]!.lists.active.entries.map((entry) => entry.id)).toEqual(["1"]);
    // One read for the change, and serving it afterwards costs nothing more.
    expect(live.reads).toEqual({ load: 1, changed: 1, admin: 0 });
    expect(await live.snapshots.current()).toBe(await live.snapshots.current());
    expect(live.reads.changed).toBe(1);
  });

  it("names the lists showing a file when its scan ends, and makes the back-office lists only when asked", async () => {
    const live = liveListsOver([{ ...row("1"), file_key: "uploads/a.mp3" }, row("2", "on_hold")]);
    await live.snapshots.current();
    await live.events.emit("file.scanned", { key: "uploads/a.mp3", status: "clean", duration_seconds: 200 });
    await live.liveLists.settled();
    expect(live.built.at(-1)!.changed).toEqual(["waiting"]);
    await live.built.at(-1)!.adminLists();
    expect(live.reads.admin).toBe(1);
  });

  it("leaves a change that arrives while a version is read to the next version, which holds it", async () => {
    let finishFirstRead!: () => void;
    const live = liveListsOver([row("1")], { firstLoad: new Promise((resolve) => (finishFirstRead = resolve)) });
    const first = live.snapshots.current(); // as at start-up: reads before anything changed

    live.set([row("1"), row("2")]);
    await live.events.emit("submission.added", { entry: summarize(row("2")), from: null, by_admin: false });
    finishFirstRead();
    await first;
    await live.liveLists.settled();
    // The first version holds one entry and names no change; the change's lists go with the version that holds it.
    expect(live.built.map((version) => [version.lists.waiting.entries.length, version.changed])).toEqual([
      [1, []],
      [2, ["waiting"]],
    ]);
  });
});
