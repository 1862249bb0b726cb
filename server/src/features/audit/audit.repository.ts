import type { Db } from "../../db/kysely";
import type { AuditLogTable } from "../../db/tables/audit";

export interface AuditFilter {
  action?: string;
  actorName?: string;
  /** An entry id or a submitter id. */
  entryRef?: string;
  /** Only records older than this one (newest first). */
  before?: Pick<AuditLogTable, "created_at" | "id">;
  limit: number;
}

/** Writes and reads of the audit log. Writes always run in the caller's transaction. */
export function createAuditRepository(db: Db) {
  return {
    async insert(trx: Db, row: AuditLogTable): Promise<void> {
      await trx.insertInto("audit_log").values(row).execute();
    },

    async findById(id: string): Promise<AuditLogTable | undefined> {
      return db.selectFrom("audit_log").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Newest first; ties on the time are broken by id, so paging never skips or repeats a record. */
    async list(filter: AuditFilter): Promise<AuditLogTable[]> {
      let query = db.selectFrom("audit_log").selectAll();
      if (filter.action) query = query.where("action", "=", filter.action);
      if (filter.actorName) query = query.where("actor_name", "=", filter.actorName);
      if (filter.entryRef) {
        const ref = filter.entryRef;
        query = query.where((eb) => eb.or([eb("entry_id", "=", ref), eb("submitter_id", "=", ref)]));
      }
      if (filter.before) {
        const { created_at, id } = filter.before;
        query = query.where((eb) => eb.or([eb("created_at", "<", created_at), eb.and([eb("created_at", "=", created_at), eb("id", "<", id)])]));
      }
      return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(filter.limit).execute();
    },
  };
}
