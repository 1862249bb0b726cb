import { AUDIT_MESSAGES, type AuditAction, type AuditPage, type AuditQuery } from "@common/audit";
import type { Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { type Actor, requireAdmin } from "../../lib/access";
import { badRequest } from "../../lib/errors";
import { randomBytes } from "node:crypto";
import { createAuditRepository } from "./audit.repository";
import { presentAuditRecord } from "./audit.presenter";

/** The entry an action was about, as it was then. */
export interface AuditedEntry {
  id: string;
  user_id: string;
  artist_name: string;
  track_title: string;
}

export interface AuditInput {
  actor: Actor;
  action: AuditAction;
  entry?: AuditedEntry | null;
  reason?: string | null;
  details?: Record<string, unknown> | null;
}

/**
 * The audit log: every admin action, written by the service that makes the change, inside its
 * transaction, so a change and its record commit or fail together. Any service (the scheduler, bulk
 * operations) records through `record(trx, ...)`.
 */
export function createAuditService(deps: { db: Db; clock: Clock }) {
  const repository = createAuditRepository(deps.db);
  let sequence = 0;

  /**
   * Ids that sort in the order records were written (time, then this process's counter), so two
   * records of one transaction, written in the same millisecond, still list in the order they happened.
   */
  function nextId(at: Date): string {
    sequence = (sequence + 1) % 36 ** 5;
    return `${at.getTime().toString(36).padStart(10, "0")}${sequence.toString(36).padStart(5, "0")}${randomBytes(4).toString("hex")}`;
  }

  return {
    async record(trx: Db, input: AuditInput): Promise<void> {
      const { actor, entry } = input;
      // Person actors never reach an admin action; they are recorded by kind should a feature try.
      const who =
        actor.kind === "admin"
          ? { actor_kind: "admin" as const, actor_id: actor.adminId, actor_name: actor.username }
          : { actor_kind: "system" as const, actor_id: null, actor_name: actor.kind === "system" ? actor.name : "person" };
      const at = deps.clock.now();
      await repository.insert(trx, {
        id: nextId(at),
        created_at: toIso(at),
        ...who,
        action: input.action,
        entry_id: entry?.id ?? null,
        submitter_id: entry?.user_id ?? null,
        entry_label: entry ? `${entry.track_title} by ${entry.artist_name}` : null,
        reason: input.reason?.trim() || null,
        details: input.details ? JSON.stringify(input.details) : null,
      });
    },

    /** GET audit/admin: any admin reads the log, newest first, filtered and paged. */
    async list(actor: Actor, query: AuditQuery): Promise<AuditPage> {
      requireAdmin(actor);
      const before = query.before ? await repository.findById(query.before) : undefined;
      if (query.before && !before) throw badRequest(AUDIT_MESSAGES.unknownCursor);
      // One more than asked tells whether another page follows.
      const rows = await repository.list({ action: query.action, actorName: query.admin, entryRef: query.entry_id, before, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      return { records: page.map(presentAuditRecord), next_before: rows.length > query.limit ? page[page.length - 1]!.id : null };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
/** What a service needs to write records: only the helper. */
export type AuditRecorder = Pick<AuditService, "record">;
