import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { QUEUE_TYPES, type QueueType, type Entry } from "@common/queue";
import type { SongDetails } from "@common/song-details";
import { presentQueuer, type QueueFileInfo } from "./queue.presenter";
import { compareActive, compareQueued, type SubmissionRow } from "./queue-rules";

/** One list as served to thousands of viewers: serialized and gzip-compressed on first demand. */
export interface ListSnapshot {
  entries: Entry[];
  readonly body: string;
  etag: string;
  gzipped(): Buffer;
}

/** What the lists are made of: the live rows with the files, song details and profile names they show. */
export interface ListData {
  entries: SubmissionRow[];
  files: Map<string, QueueFileInfo>;
  songs: Map<string, SongDetails>;
  profiles: Map<string, string>;
}

/**
 * The lists of the build before, and the entries whose rows were read again since: the other rows are
 * the same objects, and the files, songs and profile names changed only at the keys of the rows read.
 */
export interface ListsBase {
  rows: Record<QueueType, SubmissionRow[]>;
  lists: Record<QueueType, ListSnapshot>;
  changedIds: ReadonlySet<string>;
}

type Part = { json: string; digest: string };
type Extras = { file: QueueFileInfo | undefined; profileUsername: string | null | undefined; details: SongDetails | undefined };

const compareIn: Record<QueueType, (a: SubmissionRow, b: SubmissionRow) => number> = { waiting: compareQueued, on_hold: compareQueued, active: compareActive };

/**
 * The three lists sorted, presented and serialized. Given the lists before, only the changed entries
 * are sorted and presented: the others keep their place, presentation and bytes, so a version that
 * changed a few entries of thousands costs a walk through the lists, not a sort and a presentation
 * of each entry.
 */
export function buildLists(data: ListData, base?: ListsBase): { rows: Record<QueueType, SubmissionRow[]>; lists: Record<QueueType, ListSnapshot> } {
  const extrasOf = (row: SubmissionRow): Extras => ({
    file: row.file_key ? data.files.get(row.file_key) : undefined,
    profileUsername: row.owner_id ? data.profiles.get(row.owner_id) : null,
    details: !row.file_key && row.canonical_key ? data.songs.get(row.canonical_key) : undefined,
  });
  const rows = {} as Record<QueueType, SubmissionRow[]>;
  const lists = {} as Record<QueueType, ListSnapshot>;
  const touched = base ? touchedBy(data, base) : () => true;
  const fresh = freshRows(data, base);
  for (const type of QUEUE_TYPES) {
    const list = { rows: [] as SubmissionRow[], entries: [] as Entry[], parts: [] as Part[] };
    const presentNew = (row: SubmissionRow) => {
      const entry = presentOnce(row, extrasOf(row));
      list.rows.push(row);
      list.entries.push(entry);
      list.parts.push(serializedOf(entry));
    };
    const beforeEntries = base?.lists[type].entries;
    const beforeParts = base && partsOf.get(base.lists[type])!;
    mergeChanged(type, fresh[type], base, {
      keep(row, i) {
        if (touched(row)) return presentNew(row);
        list.rows.push(row);
        list.entries.push(beforeEntries![i]!);
        list.parts.push(beforeParts![i]!);
      },
      add: presentNew,
    });
    rows[type] = list.rows;
    lists[type] = serializeList(list.entries, list.parts);
  }
  return { rows, lists };
}

/** The three lists' rows in order, without presenting them: what a position needs. */
export function sortRows(data: ListData, base?: Pick<ListsBase, "rows" | "changedIds">): Record<QueueType, SubmissionRow[]> {
  const rows = {} as Record<QueueType, SubmissionRow[]>;
  const fresh = freshRows(data, base);
  for (const type of QUEUE_TYPES) {
    const list: SubmissionRow[] = [];
    mergeChanged(type, fresh[type], base, { keep: (row) => list.push(row), add: (row) => list.push(row) });
    rows[type] = list;
  }
  return rows;
}

/**
 * Walks a list in its order: the base's rows that did not change (`keep`, with their index in the base)
 * and the changed rows now in the list (`add`), each of which finds its place among the others by
 * halving. Without a base, every row is `add`ed, sorted.
 */
function mergeChanged(
  type: QueueType,
  added: SubmissionRow[],
  base: Pick<ListsBase, "rows" | "changedIds"> | undefined,
  visit: { keep(row: SubmissionRow, index: number): void; add(row: SubmissionRow): void },
): void {
  const compare = compareIn[type];
  added.sort(compare);
  const before = base?.rows[type] ?? [];
  const keep = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) if (!base!.changedIds.has(before[i]!.id)) visit.keep(before[i]!, i);
  };
  let kept = 0;
  for (const row of added) {
    const at = firstAfter(before, row, compare, kept);
    keep(kept, at);
    visit.add(row);
    kept = at;
  }
  keep(kept, before.length);
}

/** The index of the first row of sorted `rows` (from `from` on) that comes after `row`. */
function firstAfter(rows: SubmissionRow[], row: SubmissionRow, compare: (a: SubmissionRow, b: SubmissionRow) => number, from: number): number {
  let low = from;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(rows[middle]!, row) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Every row, or with a base only the changed ones, by list. */
function freshRows(data: ListData, base: Pick<ListsBase, "changedIds"> | undefined): Record<QueueType, SubmissionRow[]> {
  const fresh: Record<QueueType, SubmissionRow[]> = { waiting: [], active: [], on_hold: [] };
  for (const entry of data.entries) if (!base || base.changedIds.has(entry.id)) fresh[entry.status as QueueType]?.push(entry);
  return fresh;
}

/** Whether an unchanged row shows something the read of the changed ones refreshed (entries may share a file, a song or a member). */
function touchedBy(data: ListData, base: ListsBase): (row: SubmissionRow) => boolean {
  const refreshed = new Set<string>();
  for (const entry of data.entries) {
    if (!base.changedIds.has(entry.id)) continue;
    for (const key of [entry.file_key, entry.owner_id, entry.canonical_key]) if (key) refreshed.add(key);
  }
  if (refreshed.size === 0) return () => false;
  return (row) =>
    (row.file_key !== null && refreshed.has(row.file_key)) ||
    (row.owner_id !== null && refreshed.has(row.owner_id)) ||
    (row.canonical_key !== null && refreshed.has(row.canonical_key));
}

/**
 * Each row as it goes on the wire, its JSON and the digest of that JSON, kept while the row and its
 * extras are the same objects: a version that changed one entry presents and serializes that one entry.
 */
const presentations = new WeakMap<SubmissionRow, Extras & { queuer: Entry }>();
const serialized = new WeakMap<Entry, Part>();
/** The bytes of each list's entries, in order, for the build after. */
const partsOf = new WeakMap<ListSnapshot, Part[]>();

function presentOnce(row: SubmissionRow, extras: Extras): Entry {
  const known = presentations.get(row);
  if (known && known.file === extras.file && known.profileUsername === extras.profileUsername && known.details === extras.details) return known.queuer;
  const queuer = presentQueuer(row, extras);
  presentations.set(row, { ...extras, queuer });
  return queuer;
}

function serializedOf(entry: Entry): Part {
  let known = serialized.get(entry);
  if (!known) {
    const json = JSON.stringify(entry);
    known = { json, digest: createHash("sha1").update(json).digest("base64url") };
    serialized.set(entry, known);
  }
  return known;
}

function serializeList(entries: Entry[], parts: Part[]): ListSnapshot {
  // Content-derived (from each entry's bytes, in order), so an unchanged list keeps its ETag across
  // versions and instances, without hashing the whole body again for every version.
  const etag = `"${createHash("sha1")
    .update(parts.map((part) => part.digest).join(""))
    .digest("base64url")}"`;
  let body: string | null = null;
  let gzipped: Buffer | null = null;
  const bodyOf = () => (body ??= `[${parts.map((part) => part.json).join(",")}]`);
  const list: ListSnapshot = {
    entries,
    get body() {
      return bodyOf();
    },
    etag,
    gzipped: () => (gzipped ??= gzipSync(bodyOf())),
  };
  partsOf.set(list, parts);
  return list;
}
