import { QUEUE_TYPES } from "@common/entry-status";
import type { EventBus } from "../../events/domain-events";
import type { EntryPresenter } from "./queue.presenter";
import type { QueueRepository } from "./queue.repository";
import { type SubmissionRow } from "./queue-rules";
import { createQueueSnapshots, type LiveData } from "./queue-snapshot";

/** Played songs whose length feeds the wait estimate. */
const RECENT_PLAYS = 20;

const isLive = (row: SubmissionRow) => (QUEUE_TYPES as readonly string[]).includes(row.status);

/** What was read for the changed entries replaces what was known, a name or file gone included. */
function refreshed<V>(known: Map<string, V>, keys: (string | null)[], read: Map<string, V>): Map<string, V> {
  if (read.size === 0 && keys.every((key) => !key || !known.has(key))) return known;
  const next = new Map(known);
  for (const key of keys) if (key) next.delete(key);
  for (const [key, value] of read) next.set(key, value);
  return next;
}

/** The live queue's snapshots, read from the queue's tables with each entry's file and public profile name. */
export function createLiveQueueSnapshots(deps: { events: EventBus; repository: QueueRepository; presenter: EntryPresenter }) {
  const { repository, presenter } = deps;

  async function load(): Promise<LiveData> {
    const [entries, plays] = await Promise.all([repository.liveEntries(), repository.recentPlays(RECENT_PLAYS)]);
    const [files, profiles, songs] = await Promise.all([
      presenter.describeFiles(presenter.fileKeysOf(entries)),
      presenter.profileNames(entries),
      presenter.describeSongs(presenter.linkKeysOf(entries)),
    ]);
    return { entries, plays, files, profiles, songs };
  }

  /** Only the changed entries are read again; the rest (and their files and names) carry over. */
  async function loadChanged(ids: string[], previous: LiveData): Promise<LiveData> {
    const changed = await repository.entriesByIds(ids);
    const live = changed.filter(isLive);
    const reread = new Set(ids);
    const [plays, files, profiles, songs] = await Promise.all([
      changed.some((row) => row.status === "played") ? repository.recentPlays(RECENT_PLAYS) : previous.plays,
      presenter.describeFiles(presenter.fileKeysOf(live)),
      presenter.profileNames(live),
      presenter.describeSongs(presenter.linkKeysOf(live)),
    ]);
    return {
      entries: [...previous.entries.filter((entry) => !reread.has(entry.id)), ...live],
      plays,
      files: refreshed(
        previous.files,
        live.map((row) => row.file_key),
        files,
      ),
      profiles: refreshed(
        previous.profiles,
        live.map((row) => row.owner_id),
        profiles,
      ),
      songs: refreshed(previous.songs, presenter.linkKeysOf(live), songs),
    };
  }

  // About a frame: under a burst of changes the lists are rebuilt (and announced) at most this often.
  return createQueueSnapshots({ events: deps.events, minBuildGapMs: 16, load, loadChanged });
}
