/**
 * The change between two versions of a live list, small enough to send in one socket frame and apply
 * in the browser. `added` holds every entry that is new or whose fields changed, at its new index;
 * `moved` every kept entry that left the relative order of the others; all other entries keep their
 * order and fill the remaining places.
 */
export interface ListChanges<T> {
  added: { index: number; entry: T }[];
  removed: string[];
  moved: { id: string; index: number }[];
}

interface Identified {
  id: string;
}

/** Indexes (into `values`) of one longest strictly increasing subsequence, in O(n log n). */
function longestIncreasingRun(values: number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]!]! < values[i]!) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const kept = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) kept.add(i);
  return kept;
}

/**
 * What turns `before` into `after`. `sameEntry` says whether an entry kept its fields (by default
 * field by field), so an edited entry travels whole while an untouched one travels as at most a move.
 * The unchanged head and tail are skipped first, so a change at one end (an add, the first entry
 * played) costs a comparison per kept entry and no index of the whole list.
 */
export function diffList<T extends Identified>(before: readonly T[], after: readonly T[], sameEntry: (a: T, b: T) => boolean = sameFields): ListChanges<T> {
  const unchanged = (a: T, b: T) => a === b || (a.id === b.id && sameEntry(a, b));
  let head = 0;
  while (head < before.length && head < after.length && unchanged(before[head]!, after[head]!)) head += 1;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && unchanged(before[before.length - 1 - tail]!, after[after.length - 1 - tail]!)) tail += 1;
  const middle = diffMiddle(before.slice(head, before.length - tail), after.slice(head, after.length - tail), sameEntry);
  return {
    added: middle.added.map(({ index, entry }) => ({ index: index + head, entry })),
    removed: middle.removed,
    moved: middle.moved.map(({ id, index }) => ({ id, index: index + head })),
  };
}

function diffMiddle<T extends Identified>(before: readonly T[], after: readonly T[], sameEntry: (a: T, b: T) => boolean): ListChanges<T> {
  const oldIndex = new Map(before.map((entry, index) => [entry.id, index]));
  const newIds = new Set(after.map((entry) => entry.id));
  const removed = before.filter((entry) => !newIds.has(entry.id)).map((entry) => entry.id);

  const added: ListChanges<T>["added"] = [];
  const kept: { id: string; index: number; oldIndex: number }[] = [];
  after.forEach((entry, index) => {
    const old = oldIndex.get(entry.id);
    if (old === undefined || !(before[old] === entry || sameEntry(before[old]!, entry))) added.push({ index, entry });
    else kept.push({ id: entry.id, index, oldIndex: old });
  });
  const inOrder = longestIncreasingRun(kept.map((entry) => entry.oldIndex));
  const moved = kept.filter((_, i) => !inOrder.has(i)).map(({ id, index }) => ({ id, index }));
  return { added, removed, moved };
}

/** How many entries a change names; past half the list a refetch is as cheap. */
export function changeSize(changes: ListChanges<unknown>): number {
  return changes.added.length + changes.removed.length + changes.moved.length;
}

/**
 * `list` with `changes` applied, or null when they do not fit it (the caller then refetches). Runs in
 * every viewer's browser on every change, so an add or a removal touches each kept entry once and
 * builds no index of the whole list (only moves need one). `list` is taken as the server sent it: ids
 * are unique in it.
 */
export function applyListChanges<T extends Identified>(list: readonly T[], changes: ListChanges<T>, totalCount: number): T[] | null {
  if (isAppend(list, changes, totalCount)) return [...list, ...changes.added.map(({ entry }) => entry)];
  const result = new Array<T | undefined>(totalCount);
  /** Ids placed by the change itself (added or moved); every other kept entry fills the gaps in order. */
  const placed = new Set<string>();
  const place = (index: number, entry: T | undefined): boolean => {
    if (!entry || index < 0 || index >= totalCount || result[index] !== undefined || placed.has(entry.id)) return false;
    result[index] = entry;
    placed.add(entry.id);
    return true;
  };
  for (const { index, entry } of changes.added) if (!place(index, entry)) return null;
  if (changes.moved.length > 0) {
    const byId = new Map(list.map((entry) => [entry.id, entry]));
    for (const { id, index } of changes.moved) if (!place(index, byId.get(id))) return null;
  }

  const gone = changes.removed.length > 0 ? new Set(changes.removed) : null;
  let slot = 0;
  let filled = placed.size;
  for (const entry of list) {
    if (placed.has(entry.id) || gone?.has(entry.id)) continue;
    while (slot < totalCount && result[slot] !== undefined) slot++;
    if (slot >= totalCount) return null;
    result[slot++] = entry;
    filled++;
  }
  // Each entry took its own slot, so as many entries as places means none is empty.
  return filled === totalCount ? (result as T[]) : null;
}

/**
 * Entries added after every kept one and nothing else, the change of a burst of submissions: the held
 * list stays as it is. As many entries as places means no added one was already held (an edit would
 * keep the count), given the list held is the change's base.
 */
function isAppend<T>(list: readonly T[], changes: ListChanges<T>, totalCount: number): boolean {
  const { added, removed, moved } = changes;
  if (removed.length > 0 || moved.length > 0 || added.length === 0 || totalCount !== list.length + added.length) return false;
  return added.every(({ index, entry }, i) => index === list.length + i && entry !== undefined && entry !== null);
}

/** Same keys with the same values; values that are objects compare by their JSON. Cheap on flat entries. */
function sameFields(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    const x = left[key];
    const y = right[key];
    if (x === y) continue;
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null || JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

/** A list as a client holds it: the entries and the version they are (null when unknown). */
export interface HeldList<T> {
  entries: readonly T[];
  version: string | null;
}

/** What a list update means to a client holding `held`: nothing to do, a list to show, or a refetch. */
export type ListUpdateOutcome<T> = { kind: "current" } | { kind: "applied"; entries: T[]; version: string } | { kind: "refetch" };

/**
 * The client's rule for a list update: apply the change when it starts from the version held, ignore
 * an update to the version held, and refetch on anything else (a gap, no version, a change that does
 * not fit).
 */
export function followListUpdate<T extends Identified>(
  held: HeldList<T> | undefined,
  update: { total_count: number; version?: string; base_version?: string | null; changes?: ListChanges<T> },
): ListUpdateOutcome<T> {
  if (!update.version || !held?.version) return { kind: "refetch" };
  if (held.version === update.version) return { kind: "current" };
  if (update.base_version !== held.version || !update.changes) return { kind: "refetch" };
  const entries = applyListChanges(held.entries, update.changes, update.total_count);
  return entries ? { kind: "applied", entries, version: update.version } : { kind: "refetch" };
}
