import { findBlockedWord, formatSongLength, parseBlockedWords } from "@common/host-limits";
import { MESSAGES } from "@common/messages";
import { forbidden } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { QueueCore } from "./queue-core";
import { createHostLimitsRepository, type SubmitterRef } from "./host-limits.repository";

/** Entries that leave the queue when their file turns out too long: the host has not started them. */
const REMOVABLE = ["waiting", "on_hold"] as const;

/**
 * The limits the host sets in settings, checked beside the bans (each refusal a 403 with its message):
 * - submissions per person per stream, "stream" meaning since the queue last opened (isQueueOn going
 *   from off to on); a person is any of their submitter ids, their account, or their channel username;
 * - the longest uploaded song, from the file's scanned length: refused on submit or edit when the scan
 *   has finished, else the entry leaves the queue (unless Now Playing) when its scan finishes over the limit;
 * - words that the artist name, title and note may not contain.
 */
export function createHostLimits(core: QueueCore) {
  const { deps, queueEvents, transition, now } = core;
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

  /** Takes a waiting or held entry whose file's scan just found it too long out of the queue. */
  async function removeTooLong(fileKey: string, durationSeconds: number | null): Promise<void> {
    if (!(await lengthRefusal(durationSeconds))) return;
    const { rows } = await core.snapshots.current();
    const entry = [...rows.waiting, ...rows.on_hold].find((row) => row.file_key === fileKey);
    if (!entry) return;
    const { before, after } = await transition(entry.id, REMOVABLE, { status: "removed", removed_at: now(), hold_reason: null }, () => forbidden(MESSAGES.entryNotFound));
    await queueEvents.entryChanged("submission.removed", after, before.status, { by: "host_limit", removed_at: after.removed_at ?? now() });
  }

  deps.events.on("file.scanned", ({ key, status, duration_seconds }) => {
    // Another instance may have removed it first; its transition refusal is expected then.
    if (status === "clean") void removeTooLong(key, duration_seconds).catch(() => {});
  });

  return {
    /** Refuses a title, artist name or note with a word on the host's list. */
    async refuseBlockedWords(fields: { artist_name: string; track_title: string; message: string | null }): Promise<void> {
      const words = parseBlockedWords(await deps.settings.get("blockedWords"));
      if (findBlockedWord([fields.artist_name, fields.track_title, fields.message], words)) throw forbidden(MESSAGES.blockedWord);
    },

    /** Refuses an upload whose scan has finished with a length over the limit; a pending scan is judged when it ends. */
    async refuseTooLong(fileKey: string | null): Promise<void> {
      if (!fileKey || !(await numberSetting("maxSongSeconds"))) return;
      const refusal = await lengthRefusal((await core.describeFiles([fileKey])).get(fileKey)?.duration_seconds);
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
