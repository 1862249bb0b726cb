import { createHash } from "node:crypto";
import { QUEUE_TYPES, type QueueType } from "@common/queue";
import type { AdminEntry } from "@common/queue-admin";
import type { Db } from "../../db/kysely";
import { computeStandings, STREAK_LOOKBACK_DAYS } from "./entry-standing";
import { createEntryStandingRepository } from "./entry-standing.repository";
import type { QueueSnapshot } from "./queue-snapshot";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A back-office list with its version (a content ETag). */
export interface VersionedAdminList {
  entries: AdminEntry[];
  etag: string;
}

export type AdminLists = Record<QueueType, VersionedAdminList>;

const contentEtag = (value: unknown) => `"${createHash("sha1").update(JSON.stringify(value)).digest("base64url")}"`;

/**
 * The back-office lists of one version of the live snapshot: its presented entries with each
 * submitter's standing, made once per version (on first demand) like the public lists, so a change
 * costs one read of the standings whoever asks, the admin sockets' announcement included.
 */
export function createAdminLists(deps: { db: Db; now: () => string }) {
  const standingRepository = createEntryStandingRepository(deps.db);
  const made = new WeakMap<QueueSnapshot, Promise<AdminLists>>();

  async function make(snapshot: QueueSnapshot): Promise<AdminLists> {
    const rows = QUEUE_TYPES.flatMap((type) => snapshot.rows[type]);
    const ids = [...new Set(rows.flatMap((row) => [row.user_id, ...(row.owner_id ? [row.owner_id] : [])]))];
    const since = new Date(Date.parse(deps.now()) - STREAK_LOOKBACK_DAYS * DAY_MS).toISOString();
    const [plays, submissions, playHours] = await Promise.all([
      standingRepository.playCounts(ids),
      standingRepository.submissionsSince(ids, since),
      standingRepository.playHoursSince(since),
    ]);
    const standings = computeStandings(rows, { plays, submissions, playHours });
    const listOf = (type: QueueType): VersionedAdminList => {
      const entries = snapshot.rows[type].map((row, index) => ({ ...snapshot.lists[type].entries[index]!, ...standings.get(row)! }));
      return { entries, etag: contentEtag(entries) };
    };
    return Object.fromEntries(QUEUE_TYPES.map((type) => [type, listOf(type)])) as AdminLists;
  }

  return {
    /** The back-office lists of `snapshot`; a failed read is tried again by the next caller. */
    of(snapshot: QueueSnapshot): Promise<AdminLists> {
      let lists = made.get(snapshot);
      if (!lists) {
        lists = make(snapshot);
        made.set(snapshot, lists);
        lists.catch(() => made.delete(snapshot));
      }
      return lists;
    },
  };
}

export type AdminListsSource = ReturnType<typeof createAdminLists>;
