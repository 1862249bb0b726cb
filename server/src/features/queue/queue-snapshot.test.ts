import { describe, expect, it } from "vitest";
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
      return new Promise((resolve) => waiting.push(() => resolve({ entries: snapshotOf, plays: [], files: new Map(), profiles: new Map() })));
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
    const counts = { waiting: 2, active: 0, on_hold: 0 };
    await events.emit("submission.added", { entry: summarize(row("2")), from: null, counts, by_admin: false });
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
});
