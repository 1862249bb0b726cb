import type { Db } from "../../db/kysely";
import type { EmailSubscriptionsTable } from "../../db/tables/email";

export type EmailSubscriptionRow = EmailSubscriptionsTable;

export function createEmailRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<EmailSubscriptionRow | undefined> {
      return db.selectFrom("email_subscriptions").selectAll().where("email", "=", email).executeTakeFirst();
    },

    async findById(id: string): Promise<EmailSubscriptionRow | undefined> {
      return db.selectFrom("email_subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The member's own subscription: the one made while signed in, else the one at the account's address. */
    async findForUser(userId: string, email: string | null): Promise<EmailSubscriptionRow | undefined> {
      return db
        .selectFrom("email_subscriptions")
        .selectAll()
        .where((eb) => (email ? eb.or([eb("user_id", "=", userId), eb("email", "=", email)]) : eb("user_id", "=", userId)))
        .orderBy("updated_at", "desc")
        .executeTakeFirst();
    },

    /** Inserts the address, or keeps the row already there (a concurrent subscribe of the same address). */
    async insertOrKeep(row: EmailSubscriptionRow): Promise<EmailSubscriptionRow> {
      await db
        .insertInto("email_subscriptions")
        .values(row)
        .onConflict((oc) => oc.column("email").doNothing())
        .execute();
      return (await this.findByEmail(row.email))!;
    },

    /**
     * Takes the right to send the address a confirmation: only when none was sent since `since`, in
     * one statement, so of two subscribes at once only one sends.
     */
    async claimConfirmation(id: string, now: string, since: string): Promise<boolean> {
      const claimed = await db
        .updateTable("email_subscriptions")
        .set({ confirmation_sent_at: now })
        .where("id", "=", id)
        .where((eb) => eb.or([eb("confirmation_sent_at", "is", null), eb("confirmation_sent_at", "<=", since)]))
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    async update(id: string, values: Partial<Omit<EmailSubscriptionRow, "id" | "email" | "created_at" | "confirmation_sent_at">>): Promise<void> {
      await db.updateTable("email_subscriptions").set(values).where("id", "=", id).execute();
    },

    /** Confirmed, still subscribed, and asked to hear when the queue opens. */
    async queueNotificationRecipients(): Promise<Pick<EmailSubscriptionRow, "id">[]> {
      return db
        .selectFrom("email_subscriptions")
        .select("id")
        .where("confirmed_at", "is not", null)
        .where("unsubscribed_at", "is", null)
        .where("queue_notifications", "=", 1)
        .orderBy("id")
        .execute();
    },

    /** The confirmed up-next subscriptions of a submitter (a member's or a guest's id). */
    async upNextRecipients(submitterIds: string[]): Promise<Pick<EmailSubscriptionRow, "id">[]> {
      return db
        .selectFrom("email_subscriptions")
        .select("id")
        .where("submitter_id", "in", submitterIds)
        .where("confirmed_at", "is not", null)
        .where("unsubscribed_at", "is", null)
        .where("up_next", "=", 1)
        .execute();
    },

    /** A confirmed, still subscribed address of one of these submitters, if any. */
    async confirmedSubscriptionOf(submitterIds: string[]): Promise<Pick<EmailSubscriptionRow, "id" | "email"> | undefined> {
      return db
        .selectFrom("email_subscriptions")
        .select(["id", "email"])
        .where("submitter_id", "in", submitterIds)
        .where("confirmed_at", "is not", null)
        .where("unsubscribed_at", "is", null)
        .orderBy("confirmed_at", "desc")
        .executeTakeFirst();
    },

    async userMailTarget(userId: string): Promise<{ email: string | null; display_name: string; preferences: string } | undefined> {
      return db.selectFrom("users").select(["email", "display_name", "preferences"]).where("id", "=", userId).executeTakeFirst();
    },

    async setUserPreferences(userId: string, preferences: string, now: string): Promise<void> {
      await db.updateTable("users").set({ preferences, updated_at: now }).where("id", "=", userId).execute();
    },
  };
}

export type EmailRepository = ReturnType<typeof createEmailRepository>;
