import { MESSAGES } from "@common/messages";
import { REVIEW_MESSAGES, type Review, type ReviewInput } from "@common/reviews";
import type { Db } from "../../db/kysely";
import type { SubmissionReviewsTable } from "../../db/tables/reviews";
import { type Clock, toIso } from "../../lib/clock";
import { type Actor, requireActiveAdmin, requireAdmin } from "../../lib/access";
import { conflict, notFound } from "../../lib/errors";
import type { AuditRecorder } from "../audit/audit.service";
import { createReviewsRepository } from "./reviews.repository";

/** Only the song in Now Playing or one already played has been heard, so only those are scored. */
const SCORABLE = new Set(["active", "played"]);

const present = (row: SubmissionReviewsTable): Review => ({ submission_id: row.submission_id, score: row.score, note: row.note, reviewed_at: row.reviewed_at });

/** Review mode's scores: the host rates a song 1-10 with a line for the artist, who reads it in their history. */
export function createReviewsService(deps: { db: Db; clock: Clock; audit: AuditRecorder }) {
  const repository = createReviewsRepository(deps.db);

  return {
    /** GET reviews/:id: the score an admin gave, for the form. */
    async find(actor: Actor, id: string): Promise<Review | null> {
      requireAdmin(actor);
      const row = await repository.find(id);
      return row ? present(row) : null;
    },

    /** PUT reviews/:id: scores the song (again), with an audit record in the same transaction. */
    async score(actor: Actor, id: string, input: ReviewInput): Promise<Review> {
      requireActiveAdmin(actor);
      const row: SubmissionReviewsTable = { submission_id: id, score: input.score, note: input.note ?? null, reviewed_at: toIso(deps.clock.now()) };
      await deps.db.transaction().execute(async (trx) => {
        const entry = await repository.submission(trx, id);
        if (!entry) throw notFound(MESSAGES.entryNotFound);
        if (!SCORABLE.has(entry.status)) throw conflict(REVIEW_MESSAGES.notScorable);
        const before = await repository.find(id, trx);
        await repository.save(trx, row);
        await deps.audit.record(trx, { actor, action: "entry.scored", entry, details: { score: row.score, ...(before ? { previous_score: before.score } : {}) } });
      });
      return present(row);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
