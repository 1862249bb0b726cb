import type { Db } from "../../db/kysely";

/** The submitted-as name and note an anonymised submission keeps: the spec's own blanks. */
const ANONYMOUS_USERNAME = "anonymous";
const ANONYMOUS_CHANNEL = "Anonymous";
const EMPTY_NOTE = "Empty!";

/**
 * Reads and erases everything kept about one member across the tables of several features, so an
 * export is complete and an erasure happens in one transaction (nothing half-deleted after a crash).
 */
export function createAccountDataRepository(db: Db) {
  /** The member's submissions: their own and guest ones they claimed. */
  const ownSubmissions = (trx: Db, accountId: string) => trx.selectFrom("submissions").where((eb) => eb.or([eb("owner_id", "=", accountId), eb("user_id", "=", accountId)]));

  return {
    async submissions(accountId: string) {
      return ownSubmissions(db, accountId)
        .select(["id", "status", "artist_name", "track_title", "link", "message", "youtube_username", "username", "priority_level", "submitted_at", "played_at", "removed_at"])
        .orderBy("submitted_at", "desc")
        .orderBy("id")
        .execute();
    },

    async votes(accountId: string) {
      return db.selectFrom("votes").select(["session_id", "submission_id", "created_at"]).where("user_id", "=", accountId).orderBy("created_at").orderBy("id").execute();
    },

    async fastPassLedger(accountId: string) {
      return db
        .selectFrom("fastpass_ledger")
        .select(["source", "priority_level", "count", "submission_id", "created_at"])
        .where("user_id", "=", accountId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },

    async watchedMinutes(accountId: string): Promise<number> {
      const row = await db.selectFrom("loyalty_members").select("watched_minutes").where("user_id", "=", accountId).executeTakeFirst();
      return row ? Number(row.watched_minutes) : 0;
    },

    /** Subscriptions made while signed in, and any made for the account's address. */
    async emailSubscriptions(accountId: string, email: string | null) {
      return db
        .selectFrom("email_subscriptions")
        .select(["email", "queue_notifications", "general_updates", "up_next", "confirmed_at", "unsubscribed_at", "created_at"])
        .where((eb) => (email ? eb.or([eb("user_id", "=", accountId), eb("email", "=", email)]) : eb("user_id", "=", accountId)))
        .orderBy("created_at")
        .execute();
    },

    async draft(accountId: string) {
      return db
        .selectFrom("drafts")
        .select(["artist_name", "track_title", "youtube_username", "message", "link", "file_name", "updated_at"])
        .where("user_id", "=", accountId)
        .executeTakeFirst();
    },

    /**
     * Erases the member inside `trx`: personal rows are deleted, the submissions, votes and plays that
     * other people's stats and the host's analytics count are kept under `tombstoneId` with no name, note
     * or channel, and every login ends. Returns how many submissions were anonymised.
     */
    async erase(trx: Db, accountId: string, email: string | null, tombstoneId: string): Promise<number> {
      const submissionIds = (await ownSubmissions(trx, accountId).select("id").execute()).map((row) => row.id);
      const submitterIds = [accountId, ...(await ownSubmissions(trx, accountId).select("user_id").distinct().execute()).map((row) => row.user_id)];
      if (submissionIds.length > 0) {
        await trx
          .updateTable("submissions")
          .set({ user_id: tombstoneId, owner_id: null, username: ANONYMOUS_USERNAME, youtube_username: ANONYMOUS_CHANNEL, message: EMPTY_NOTE })
          .where("id", "in", submissionIds)
          .execute();
        await trx.updateTable("analytics_session_plays").set({ username: ANONYMOUS_USERNAME }).where("submission_id", "in", submissionIds).execute();
      }
      await trx.updateTable("audit_log").set({ submitter_id: tombstoneId }).where("submitter_id", "in", submitterIds).execute();
      await trx.updateTable("votes").set({ user_id: tombstoneId }).where("user_id", "=", accountId).execute();
      await trx.updateTable("vote_usage").set({ user_id: tombstoneId }).where("user_id", "=", accountId).execute();
      await trx.updateTable("client_events").set({ user_id: null }).where("user_id", "=", accountId).execute();
      await trx.deleteFrom("fastpass_ledger").where("user_id", "=", accountId).execute();
      await trx.deleteFrom("loyalty_members").where("user_id", "=", accountId).execute();
      await trx.deleteFrom("drafts").where("user_id", "=", accountId).execute();
      await trx.deleteFrom("activity").where("user_id", "in", submitterIds).execute();
      await trx.deleteFrom("guests").where("user_id", "in", submitterIds).execute();
      await trx
        .deleteFrom("email_subscriptions")
        .where((eb) => (email ? eb.or([eb("user_id", "=", accountId), eb("email", "=", email)]) : eb("user_id", "=", accountId)))
        .execute();
      await trx.deleteFrom("refresh_tokens").where("subject_type", "=", "user").where("subject_id", "=", accountId).execute();
      await trx.deleteFrom("users").where("id", "=", accountId).execute();
      return submissionIds.length;
    },
  };
}
