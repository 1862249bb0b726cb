import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SongDetails } from "@common/song-details";
import { buildSnapshot, type SnapshotBase, type LiveData } from "./queue-snapshot";
import { sortRows } from "./queue-snapshot-lists";
import type { SubmissionRow } from "./queue-rules";
import type { QueueFileInfo } from "./queue.presenter";
import { submissionRow } from "../../test/submission-row";

/** A few shared keys, so that entries share files, songs and members as they do in a real queue. */
const FILE_KEYS = ["file-a", "file-b", "file-c"];
const SONG_KEYS = ["youtube:a", "youtube:b", "youtube:c"];
const OWNERS = ["member-a", "member-b"];
const STATUSES = ["waiting", "active", "on_hold", "played", "removed"] as const;

const rowArbitrary = (id: string) =>
  fc
    .record({
      status: fc.constantFrom(...STATUSES),
      priority_level: fc.integer({ min: 0, max: 3 }),
      // Few distinct times, so the order often falls through to the id.
      submitted_at: fc.constantFrom("2026-01-01T20:00:00.000Z", "2026-01-01T20:00:01.000Z", "2026-01-01T20:00:02.000Z"),
      activated_at: fc.option(fc.constantFrom("2026-01-01T21:00:00.000Z", "2026-01-01T21:00:01.000Z"), { nil: null }),
      file_key: fc.option(fc.constantFrom(...FILE_KEYS), { nil: null }),
      canonical_key: fc.option(fc.constantFrom(...SONG_KEYS), { nil: null }),
      owner_id: fc.option(fc.constantFrom(...OWNERS), { nil: null }),
      track_title: fc.constantFrom("One", "Two"),
    })
    .map((values) => submissionRow({ ...values, id, user_id: `user-${id}` }));

const entryIds = Array.from({ length: 12 }, (_, i) => `entry-${String(i).padStart(2, "0")}`);
const isLive = (row: SubmissionRow) => row.status === "waiting" || row.status === "active" || row.status === "on_hold";

/** What the database holds at one moment: its rows, and what it knows of files, songs and members. */
const worldArbitrary = fc.record({
  rows: fc.tuple(...entryIds.map(rowArbitrary)),
  files: fc.dictionary(
    fc.constantFrom(...FILE_KEYS),
    fc.record({ status: fc.constantFrom("pending" as const, "clean" as const), duration_seconds: fc.option(fc.integer({ min: 1, max: 600 }), { nil: null }) }),
  ),
  songs: fc.dictionary(
    fc.constantFrom(...SONG_KEYS),
    fc.record({ title: fc.constantFrom("Found", "Other"), duration_seconds: fc.option(fc.integer({ min: 1, max: 600 }), { nil: null }) }),
  ),
  profiles: fc.dictionary(fc.constantFrom(...OWNERS), fc.constantFrom("ana", "bo")),
});
type World = typeof worldArbitrary extends fc.Arbitrary<infer T> ? T : never;

const song = (values: { title: string; duration_seconds: number | null }): SongDetails => ({
  available: true,
  channel: null,
  thumbnail_url: null,
  embeddable: true,
  age_restricted: false,
  ...values,
});

/** Everything read afresh, as the first read of the queue does. */
function readAll(world: World): LiveData {
  return {
    entries: world.rows.filter(isLive),
    plays: [],
    files: new Map(Object.entries(world.files) as [string, QueueFileInfo][]),
    songs: new Map(Object.entries(world.songs).map(([key, value]) => [key, song(value)])),
    profiles: new Map(Object.entries(world.profiles)),
  };
}

/** `previous` with the rows `changed` read again, as the live queue's loader does: other rows and keys stay as they were. */
function readChanged(world: World, changed: Set<string>, previous: LiveData): LiveData {
  const live = world.rows.filter((row) => changed.has(row.id) && isLive(row));
  const fresh = readAll(world);
  const refreshed = <V>(known: Map<string, V>, keys: (string | null)[], read: Map<string, V>) => {
    const next = new Map(known);
    for (const key of keys) {
      if (!key) continue;
      next.delete(key);
      if (read.has(key)) next.set(key, read.get(key)!);
    }
    return next;
  };
  return {
    entries: [...previous.entries.filter((row) => !changed.has(row.id)), ...live],
    plays: [],
    files: refreshed(
      previous.files,
      live.map((row) => row.file_key),
      fresh.files,
    ),
    songs: refreshed(
      previous.songs,
      live.map((row) => row.canonical_key),
      fresh.songs,
    ),
    profiles: refreshed(
      previous.profiles,
      live.map((row) => row.owner_id),
      fresh.profiles,
    ),
  };
}

const ids = (lists: Record<string, SubmissionRow[]>) => Object.fromEntries(Object.entries(lists).map(([type, rows]) => [type, rows.map((row) => row.id)]));
const served = (snapshot: ReturnType<typeof buildSnapshot>) => ({
  rows: ids(snapshot.rows),
  lists: Object.fromEntries(Object.entries(snapshot.lists).map(([type, list]) => [type, { body: list.body, etag: list.etag }])),
});

describe("a snapshot built from the one before", () => {
  it("serves exactly what a build from scratch of the same data serves, and sorts the rows the same without presenting them, after any sequence of changes", () => {
    fc.assert(
      fc.property(worldArbitrary, fc.array(fc.tuple(worldArbitrary, fc.subarray(entryIds, { minLength: 1 })), { minLength: 1, maxLength: 6 }), (first, steps) => {
        let world = first;
        let data = readAll(world);
        let snapshot = buildSnapshot(data);
        for (const [next, changedIds] of steps) {
          // Only the changed rows are new; the others keep the row objects the database gave before.
          const changed = new Set(changedIds);
          world = { ...next, rows: world.rows.map((row, i) => (changed.has(row.id) ? next.rows[i]! : row)) as World["rows"] };
          data = readChanged(world, changed, data);
          const base: SnapshotBase = { snapshot, changedIds: changed };
          const rowsAhead = sortRows(data, { rows: snapshot.rows, changedIds: changed });
          snapshot = buildSnapshot(data, base);
          const fromScratch = buildSnapshot(data);
          expect(served(snapshot)).toEqual(served(fromScratch));
          expect(ids(rowsAhead)).toEqual(served(fromScratch).rows);
        }
      }),
      { numRuns: 300 },
    );
  });
});
