import { findBlockedWord, formatSongLength, parseBlockedWords } from "@common/host-limits";
import { MESSAGES } from "@common/messages";
import { forbidden } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { QueueParts } from "./queue-service-deps";
import type { SubmissionRow } from "./queue-rules";
import { createHostLimitsRepository, type SubmitterRef } from "./host-limits.repository";

/** Entries that leave the queue when their file turns out too long: the host has not started them. */
const REMOVABLE = ["waiting", "on_hold"] as const;

/**
 * The limits the host sets in settings, checked beside the bans (each refusal a 403 with its message):
 * - submissions per person per stream, "stream" meaning since the queue last opened (isQueueOn going
 *   from off to on); a person is any of their submitter ids, their account, or their channel username;
 * - the longest song, from an upload's scanned length or a link's looked-up length (song details): refused
 *   on submit or edit when it is known, else the entry leaves the queue (unless Now Playing) when its scan
 *   finishes or its details arrive over the limit;
 * - words that the artist name, title and note may not contain.
 */
export function createHostLimits({ deps, presenter, snapshots, queueEvents, transitions }: Pick<QueueParts, "deps" | "presenter" | "snapshots" | "queueEvents" | "transitions">) {
  const { transition, now } = transitions;
  const repository = createHostLimitsRepository(deps.db);
  const numberSetting = async (name: "submissionsPerStream" | "maxSongSeconds") => Number((await deps.settings.get(name)) ?? 0) || 0;

  deps.settings.onChangeInTransaction(async (trx, change) => {
    if (change.name === "isQueueOn" && change.to === "true" && change.from !== "true") await repository.recordOpening(trx, { id: newId(), opened_at: change.at });
  });

  /** The refusal for a song whose scanned length is over the limit, or null. */
  async function lengthRefusal(durationSeconds: number | null | undefined): Promise<string | null> {
    const limit = await numberSetting("maxSongSeconds");
    if (!limit || durationSeconds == null || durationSeconds <= limit) return null;
    return MESSAGES.songTooLong(formatSongLength(durationSeconds), formatSongLength(limit));
  }

  /** Takes the waiting or held entries of a song just found too long (its file scanned, its link looked up) out of the queue. */
  async function removeTooLong(isSong: (row: SubmissionRow) => boolean, durationSeconds: number | null): Promise<void> {
    if (!(await lengthRefusal(durationSeconds))) return;
    const { rows } = await snapshots.current();
    for (const entry of [...rows.waiting, ...rows.on_hold].filter(isSong)) {
      // Another instance may have removed it first; its transition refusal is expected then.
      const removed = await transition(entry.id, REMOVABLE, { status: "removed", removed_at: now(), hold_reason: null }, () => forbidden(MESSAGES.entryNotFound)).catch(() => null);
      if (removed) await queueEvents.entryChanged("submission.removed", removed.after, removed.before.status, { by: "host_limit", removed_at: removed.after.removed_at ?? now() });
    }
  }

  deps.events.on("file.scanned", ({ key, status, duration_seconds }) => {
    if (status === "clean") void removeTooLong((row) => row.file_key === key, duration_seconds).catch(() => {});
  });
  deps.events.on("song_details.found", ({ songs }) => {
    for (const song of songs) void removeTooLong((row) => !row.file_key && row.canonical_key === song.canonical_key, song.duration_seconds).catch(() => {});
  });

  return {
    /** Refuses a title, artist name or note with a word on the host's list. */
    async refuseBlockedWords(fields: { artist_name: string; track_title: string; message: string | null }): Promise<void> {
      const words = parseBlockedWords(await deps.settings.get("blockedWords"));
      if (findBlockedWord([fields.artist_name, fields.track_title, fields.message], words)) throw forbidden(MESSAGES.blockedWord);
    },

    /**
     * Refuses a song whose length is known to be over the limit: an upload whose scan has finished, a
     * link whose details are cached. A pending scan or lookup is judged when it ends.
     */
    async refuseTooLong(song: { file_key: string | null; canonical_key: string | null }): Promise<void> {
      if (!(await numberSetting("maxSongSeconds"))) return;
      const { file_key: fileKey, canonical_key: key } = song;
      const seconds = fileKey
        ? (await presenter.describeFiles([fileKey])).get(fileKey)?.duration_seconds
        : key
          ? (await presenter.describeSongs([key])).get(key)?.duration_seconds
          : null;
      const refusal = await lengthRefusal(seconds);
      if (refusal) throw forbidden(refusal);
    },

    /** Refuses a person who has sent the most songs the host allows since the queue opened. */
    async refuseOverStreamLimit(who: SubmitterRef): Promise<void> {
      const limit = await numberSetting("submissionsPerStream");
      if (!limit) return;
      if ((await repository.countSubmissionsSince(who, await repository.lastOpenedAt())) >= limit) throw forbidden(MESSAGES.submissionLimitReached(limit));
    },
  };
}

export type HostLimits = ReturnType<typeof createHostLimits>;
