import { PLAY_NEXT_MESSAGES, type PlayNextInput, type PlayNextResult } from "@common/queue-admin";
import { conflict } from "../../lib/errors";
import { type Actor, requireActiveAdmin } from "../../lib/access";
import type { QueueParts } from "./queue-service-deps";
import { compareActive, compareQueued, type SubmissionRow } from "./queue-rules";

/**
 * Play next: every Now Playing song is counted as played and the first waiting entry ready to play
 * (priority first, then submission order; an upload only once scanned clean) comes up, in one
 * transaction. Each row changes only at the version read, so of two clicks from the same view one
 * plays a song and the other gets a 409. `skipped`: the viewers' skip votes, not the host, ended the
 * song, so analytics counts it as skipped rather than played through.
 */
export function createPlayNext({ deps, repository, presenter, queueEvents, transitions }: Pick<QueueParts, "deps" | "repository" | "presenter" | "queueEvents" | "transitions">) {
  const { describeFiles, presentOne } = presenter;
  const { db, audit } = deps;

  return async function playNext(actor: Actor, input: PlayNextInput, options: { skipped?: boolean } = {}): Promise<PlayNextResult> {
    const skippedByVotes = options.skipped === true;
    requireActiveAdmin(actor);
    const timestamp = transitions.now();
    // Scan results are read first: the transaction may hold SQLite's only connection.
    const candidates = await repository.entriesWithStatus("waiting");
    const files = await describeFiles(candidates.flatMap((entry) => (entry.file_key ? [entry.file_key] : [])));
    const ready = (entry: SubmissionRow) => !entry.file_key || files.get(entry.file_key)?.status === "clean";
    const stale = () => conflict(PLAY_NEXT_MESSAGES.nowPlayingChanged);

    const outcome = await db.transaction().execute(async (trx) => {
      await repository.lockPlayNext(trx, deps.dialect);
      const active = (await repository.entriesWithStatus("active", trx)).sort(compareActive);
      if ((active[0]?.id ?? null) !== input.current_id) throw stale();
      const played: SubmissionRow[] = [];
      for (const entry of active) {
        const after = await repository.updateIf(entry.id, ["active"], { status: "played", played_at: timestamp }, { version: entry.version }, trx);
        if (!after) throw stale();
        played.push(after);
      }
      const waiting = (await repository.entriesWithStatus("waiting", trx)).sort(compareQueued);
      const nextIndex = waiting.findIndex(ready);
      const next = nextIndex >= 0 ? waiting[nextIndex]! : null;
      const brought = next
        ? await repository.updateIf(next.id, ["waiting"], { status: "active", activated_at: timestamp, hold_reason: null }, { version: next.version }, trx)
        : null;
      if (next && !brought) throw stale();
      if (played.length === 0 && !brought) throw conflict(PLAY_NEXT_MESSAGES.nothingToPlay);
      const skipped = next ? nextIndex : waiting.length;

      for (const entry of played) {
        await transitions.recordPlay(trx, entry, timestamp, skippedByVotes);
        await audit?.record(trx, { actor, action: "entry.played", entry, details: { from: "active", to: "played", via: skippedByVotes ? "skip_votes" : "play_next" } });
      }
      await audit?.record(trx, {
        actor,
        action: "queue.play_next",
        entry: brought,
        details: { played_ids: played.map((entry) => entry.id), skipped_count: skipped, ...(brought ? { from: "waiting", to: "active" } : {}) },
      });
      return { played, brought, skipped };
    });

    for (const entry of outcome.played)
      await queueEvents.entryChanged("submission.played", entry, "active", { played_at: timestamp, ...(skippedByVotes ? { skipped: true } : {}) });
    if (outcome.brought) await queueEvents.entryChanged("submission.moved", outcome.brought, "waiting", {});
    return {
      played: await Promise.all(outcome.played.map(presentOne)),
      now_playing: outcome.brought ? await presentOne(outcome.brought) : null,
      skipped_count: outcome.skipped,
    };
  };
}
