import { afterEach, describe, expect, it, vi } from "vitest";
import { createInProcessEventBus } from "../../events/domain-events";
import { summarize } from "./queue-events";
import { createQueueSnapshots, type LiveData } from "./queue-snapshot";
import type { SubmissionRow } from "./queue-rules";
import { submissionRow } from "../../test/submission-row";

const row = (id: string) => submissionRow({ id, user_id: `user-${id}`, submitted_at: `2026-01-01T20:00:0${id}.000Z` });

/** A loader whose answers the test releases by hand, counting how often the database would be read. */
function manualLoader() {
  let entries: SubmissionRow[] = [];
  const waiting: (() => void)[] = [];
  const loader = {
    loads: 0,
    set: (next: SubmissionRow[]) => (entries = next),
    release: () => waiting.splice(0).forEach((resolve) => resolve()),
    load: (): Promise<LiveData> => {
      loader.loads += 1;
      const snapshotOf = entries;
      return new Promise((resolve) => waiting.push(() => resolve({ entries: snapshotOf, plays: [], files: new Map(), profiles: new Map(), songs: new Map() })));
    },
  };
  return loader;
}

const waitingIds = async (snapshots: ReturnType<typeof createQueueSnapshots>) => (await snapshots.current()).lists.waiting.entries.map((e) => e.id);

describe("queue snapshots", () => {
  it("reads the queue once for any number of concurrent requests, then serves from memory", async () => {
    const loader = manualLoader();
    loader.set([row("1")]);
    const snapshots = createQueueSnapshots({ events: createInProcessEventBus(), load: loader.load });
    const pending = Promise.all([snapshots.current(), snapshots.current(), snapshots.current()]);
    loader.release();
    const [a, b, c] = await pending;
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(await snapshots.current()).toBe(a);
    expect(loader.loads).toBe(1);
  });

  it("starts a new version when a queue event arrives on the bus, from this instance or another", async () => {
    const events = createInProcessEventBus();
    const loader = manualLoader();
    loader.set([row("1")]);
    const snapshots = createQueueSnapshots({ events, load: loader.load });
    const first = snapshots.current();
    loader.release();
    expect((await first).lists.waiting.entries).toHaveLength(1);

    loader.set([row("1"), row("2")]);
    await events.emit("submission.added", { entry: summarize(row("2")), from: null, by_admin: false });
    const second = waitingIds(snapshots);
    loader.release();
    expect(await second).toEqual(["1", "2"]);

    await events.emit("settings.changed", { name: "isQueueOn", value: "true", changed_at: "2026-11-22T03:00:00.000Z" });
    expect(await waitingIds(snapshots)).toEqual(["1", "2"]);
    expect(loader.loads).toBe(2);
  });

  it("does not keep a build that was overtaken by a change while it ran", async () => {
    const loader = manualLoader();
    loader.set([row("1")]);
    const snapshots = createQueueSnapshots({ events: createInProcessEventBus(), load: loader.load });
    const stale = snapshots.current();
    loader.set([row("1"), row("2")]);
    snapshots.invalidate();
    loader.release();
    expect((await stale).lists.waiting.entries).toHaveLength(1);

    const fresh = waitingIds(snapshots);
    loader.release();
    expect(await fresh).toEqual(["1", "2"]);
  });

  it("gives each list a content ETag that survives a rebuild with the same content", async () => {
    const events = createInProcessEventBus();
    const loader = manualLoader();
    loader.set([row("1")]);
    const snapshots = createQueueSnapshots({ events, load: loader.load });
    const first = snapshots.current();
    loader.release();
    const etag = (await first).lists.waiting.etag;
    snapshots.invalidate();
    const second = snapshots.current();
    loader.release();
    expect((await second).lists.waiting.etag).toBe(etag);
    expect((await second).lists.active.etag).not.toBe(etag);
  });

  it("after a change to known entries reads only those, and reads everything after a clear or a failed read", async () => {
    const events = createInProcessEventBus();
    let rows = [row("1"), row("2")];
    const fullReads: number[] = [];
    const partialReads: string[][] = [];
    let failNext = false;
    const snapshots = createQueueSnapshots({
      events,
      load: async () => {
        fullReads.push(rows.length);
        return { entries: rows, plays: [], files: new Map(), profiles: new Map(), songs: new Map() };
      },
      loadChanged: async (ids, previous) => {
        partialReads.push(ids);
        if (failNext) {
          failNext = false;
          throw new Error("the database went away");
        }
        const kept = previous.entries.filter((entry) => !ids.includes(entry.id));
        return { ...previous, entries: [...kept, ...rows.filter((entry) => ids.includes(entry.id))] };
      },
    });
    expect(await waitingIds(snapshots)).toEqual(["1", "2"]);

    rows = [row("1"), row("2"), row("3")];
    await events.emit("submission.added", { entry: summarize(row("3")), from: null, by_admin: false });
    expect(await waitingIds(snapshots)).toEqual(["1", "2", "3"]);
    rows = [row("1"), row("3")];
    await events.emit("submission.removed", { entry: summarize({ ...row("2"), status: "removed" }), from: "waiting", by: "owner" });
    expect(await waitingIds(snapshots)).toEqual(["1", "3"]);
    expect(partialReads).toEqual([["3"], ["2"]]);
    expect(fullReads).toEqual([2]);

    failNext = true;
    await events.emit("submission.edited", { entry: summarize(row("1")), from: "waiting" });
    await expect(snapshots.current()).rejects.toThrow("went away");
    expect(await waitingIds(snapshots)).toEqual(["1", "3"]);
    await events.emit("queue.cleared", { queue_type: "waiting", removed_count: 2, counts: { waiting: 0, active: 0, on_hold: 0 } });
    rows = [];
    expect(await waitingIds(snapshots)).toEqual([]);
    expect(fullReads).toEqual([2, 2, 0]);
  });

  describe("with builds paced a frame apart", () => {
    afterEach(() => vi.restoreAllMocks());

    it("serves every later change when a request arrives just as the pause after a build ends", async () => {
      const clock = vi.spyOn(performance, "now").mockImplementation(() => 0);
      let rows = [row("1")];
      const snapshots = createQueueSnapshots({
        events: createInProcessEventBus(),
        minBuildGapMs: 16,
        load: async () => ({ entries: rows, plays: [], files: new Map(), profiles: new Map(), songs: new Map() }),
      });
      expect(await waitingIds(snapshots)).toEqual(["1"]);

      // The request sees the pause not yet over; by the time the next build is planned, it is.
      rows = [row("1"), row("2")];
      snapshots.invalidate();
      clock.mockImplementationOnce(() => 15).mockImplementation(() => 16);
      expect(await waitingIds(snapshots)).toEqual(["1", "2"]);

      rows = [row("1"), row("2"), row("3")];
      snapshots.invalidate();
      clock.mockImplementation(() => 100);
      expect(await waitingIds(snapshots)).toEqual(["1", "2", "3"]);
    });

    it("tells the places of a change while its build waits for the pause, read ahead from the changed entries", async () => {
      vi.spyOn(performance, "now").mockImplementation(() => 0);
      const events = createInProcessEventBus();
      let rows = [row("1"), row("2")];
      const partialReads: string[][] = [];
      const snapshots = createQueueSnapshots({
        events,
        minBuildGapMs: 60_000,
        load: async () => ({ entries: rows, plays: [], files: new Map(), profiles: new Map(), songs: new Map() }),
        loadChanged: async (ids, previous) => {
          partialReads.push(ids);
          return { ...previous, entries: [...previous.entries.filter((entry) => !ids.includes(entry.id)), ...rows.filter((entry) => ids.includes(entry.id))] };
        },
      });
      const built: number[] = [];
      snapshots.onBuilt((_, version) => built.push(version));
      expect(await waitingIds(snapshots)).toEqual(["1", "2"]);

      rows = [row("2"), row("3")];
      await events.emit("submission.removed", { entry: summarize({ ...row("1"), status: "removed" }), from: "waiting", by: "owner" });
      await events.emit("submission.added", { entry: summarize(row("3")), from: null, by_admin: false });
      // The next build would wait a minute after the last one; the places do not.
      const positions = await snapshots.positions();
      expect([...positions.entries].map(([user, entry]) => [user, entry.rank])).toEqual([
        ["user-2", 1],
        ["user-3", 2],
      ]);
      expect(positions.waitingCount).toBe(2);
      expect(partialReads).toEqual([["1", "3"]]);
      expect(built).toEqual([0]);
      // Asked again at the same version, the same read answers.
      expect(await snapshots.positions()).toBe(positions);
      expect(partialReads).toHaveLength(1);
    });
  });
});
