import { randomUUID } from "node:crypto";
import { EMAIL_MESSAGES, type EmailLinkResult, type EmailPreferences, type EmailSubscribeBody } from "@common/email";
import { DEFAULT_PREFERENCES, preferencesSchema } from "@common/users";
import type { Config } from "../../config";
import type { Db } from "../../db/kysely";
import type { EventBus } from "../../events/domain-events";
import type { QueueService } from "../queue/queue.service";
import type { MailJob, Outbox } from "../../events/outbox";
import { type Actor, asPerson } from "../../lib/access";
import { type Clock, toIso } from "../../lib/clock";
import { badRequest } from "../../lib/errors";
import type { ServiceLog } from "../../lib/log";
import type { TokenService } from "../auth/token.service";
import type { SettingsService } from "../settings/settings.service";
import { createEmailRepository } from "./email.repository";
import { confirmationMail, declinedMail, type MailContent, queueOpenMail, trackPlayedMail, upNextMail } from "./mail-templates";
import type { Mailer } from "./mailer";

const CONFIRM_TTL_SECONDS = 7 * 24 * 3600;
/** An address gets at most one confirmation mail in this time, whoever asks and from wherever. */
const CONFIRMATION_INTERVAL_MS = 24 * 3600 * 1000;
/** Unsubscribe links keep working long after the mail was sent. */
const UNSUBSCRIBE_TTL_SECONDS = 5 * 365 * 24 * 3600;

/** What an unsubscribe link stops: one subscription, or a member's 'track played' mails. */
type UnsubscribeTarget = { subscription_id: string } | { user_id: string };

export interface EmailServiceDeps {
  db: Db;
  clock: Clock;
  config: Config;
  events: EventBus;
  tokens: TokenService;
  outbox: Outbox;
  settings: SettingsService;
  queue: Pick<QueueService, "list">;
  mailer: Mailer;
  log: ServiceLog;
}

/**
 * E-mail subscriptions (double opt-in) and the mails LiveQueue sends. Every mail is an outbox row
 * (`mail.send`) whose id is its idempotency key, so it is sent once across instances, retried with
 * backoff while the mail server is away, and never sent from inside a request.
 */
export function createEmailService(deps: EmailServiceDeps) {
  const repository = createEmailRepository(deps.db);
  const publicUrl = deps.config.publicUrl.replace(/\/+$/, "");
  const now = () => toIso(deps.clock.now());

  const queueMail = (job: MailJob, key: string) => deps.db.transaction().execute((trx) => deps.outbox.enqueue(trx, "mail.send", job, key));

  // The queue going from closed to open, by an admin or a schedule: one opening, written with the change.
  deps.settings.onChangeInTransaction(async (trx, change) => {
    if (change.name !== "isQueueOn" || change.to !== "true" || change.from === "true") return;
    const openingId = randomUUID();
    await deps.outbox.enqueue(trx, "mail.queue_opened", { opening_id: openingId, opened_at: change.at }, `mail:opening:${openingId}`);
  });

  // Mail rows wait out an SMTP outage of any length (hourly retries) instead of being set aside.
  deps.outbox.handle(
    "mail.queue_opened",
    async ({ opening_id }) => {
      const recipients = await repository.queueNotificationRecipients();
      // Keys make a rerun of this fan-out (a claim that ran out) add nothing twice.
      await deps.db.transaction().execute(async (trx) => {
        for (const { id } of recipients) {
          await deps.outbox.enqueue(trx, "mail.send", { kind: "queue_open", subscription_id: id, opening_id }, `mail:queue_open:${opening_id}:${id}`);
        }
      });
    },
    { retryForever: true },
  );

  // Written in the play's own transaction, so a crash right after the play cannot lose the mail;
  // whether the member still wants it is decided when it is sent.
  deps.outbox.onEnqueue("submission.played", async (trx, event) => {
    const userId = event.entry.owner_id;
    if (!userId) return;
    const job: MailJob = { kind: "track_played", user_id: userId, track_title: event.entry.track_title, artist_name: event.entry.artist_name };
    await deps.outbox.enqueue(trx, "mail.send", job, `mail:track_played:${event.entry.id}`);
  });

  // A declined submission: one mail with the host's reason, whoever of the submitter takes mails.
  deps.outbox.handle("submission.declined", async ({ entry, reason }) => {
    const job: MailJob = { kind: "declined", owner_id: entry.owner_id, submitter_id: entry.user_id, track_title: entry.track_title, artist_name: entry.artist_name, reason };
    await queueMail(job, `mail:declined:${entry.id}`);
  });

  // Whatever moved the queue, the entry now first in Waiting is "up next"; its key sends that once.
  // One check at a time and at most one waiting: a burst of changes costs two reads of the list, not one each.
  let checking: Promise<void> = Promise.resolve();
  let checkWaiting = false;
  deps.events.subscribe((event) => {
    if (!event.name.startsWith("submission.") && !event.name.startsWith("queue.")) return;
    if (checkWaiting) return;
    checkWaiting = true;
    checking = checking
      .then(() => {
        checkWaiting = false;
        return checkUpNext();
      })
      .catch((err: unknown) => deps.log.warn({ err }, "e-mail: could not queue the 'up next' mail"));
  });

  /**
   * The entry the last check found first in Waiting: while it stays first (a burst of submissions
   * behind it) nothing is read again. A confirmed subscription clears it, so its submitter is looked at.
   */
  let checkedFirstId: string | null = null;

  async function checkUpNext(): Promise<void> {
    const first = (await deps.queue.list("waiting")).entries[0];
    if (!first || first.id === checkedFirstId) return;
    const submitters = [first.user_id, ...(first.owner_id ? [first.owner_id] : [])];
    for (const { id } of await repository.upNextRecipients(submitters)) {
      await queueMail({ kind: "up_next", subscription_id: id, track_title: first.track_title }, `mail:up_next:${first.id}:${id}`);
    }
    checkedFirstId = first.id;
  }

  deps.outbox.handle(
    "mail.send",
    async (job) => {
      const mail = await compose(job);
      if (!mail) return;
      await deps.mailer.send({
        id: `${job.kind}.${randomUUID()}`,
        to: mail.to,
        subject: mail.content.subject,
        text: mail.content.text,
        html: mail.content.html,
        headers: {
          "List-Unsubscribe": `<${publicUrl}/api/v1/email-subscriptions/unsubscribe?token=${encodeURIComponent(mail.unsubscribeToken)}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    },
    { retryForever: true },
  );

  const signUnsubscribe = (target: UnsubscribeTarget) => deps.tokens.signClaims(target, "email-unsubscribe", UNSUBSCRIBE_TTL_SECONDS);

  /** The mail for a job as things stand now, or null when it should no longer go out. */
  async function compose(job: MailJob): Promise<{ to: string; content: MailContent; unsubscribeToken: string } | null> {
    if (job.kind === "track_played") {
      const user = await repository.userMailTarget(job.user_id);
      if (!user?.email || !readPreferences(user.preferences).email_notifications) return null;
      const unsubscribeToken = await signUnsubscribe({ user_id: job.user_id });
      const context = { streamer: deps.config.mail.streamerName, unsubscribeUrl: unsubscribePage(unsubscribeToken) };
      return { to: user.email, content: trackPlayedMail(context, job, `${publicUrl}/queue`), unsubscribeToken };
    }
    if (job.kind === "declined") return composeDeclined(job);
    const subscription = await repository.findById(job.subscription_id);
    if (!subscription) return null;
    const unsubscribeToken = await signUnsubscribe({ subscription_id: subscription.id });
    const context = { streamer: deps.config.mail.streamerName, unsubscribeUrl: unsubscribePage(unsubscribeToken) };
    if (job.kind === "confirm") {
      const token = await deps.tokens.signClaims(
        { subscription_id: subscription.id, queue_notifications: job.queue_notifications, general_updates: job.general_updates, up_next: job.up_next },
        "email-confirm",
        CONFIRM_TTL_SECONDS,
      );
      const options = [job.queue_notifications && "a mail when the queue opens", job.up_next && "a mail when your song is next", job.general_updates && "general updates"].filter(
        (o): o is string => !!o,
      );
      return { to: subscription.email, content: confirmationMail(context, `${publicUrl}/email/confirm?token=${encodeURIComponent(token)}`, options), unsubscribeToken };
    }
    if (!subscription.confirmed_at || subscription.unsubscribed_at) return null;
    if (job.kind === "up_next")
      return subscription.up_next ? { to: subscription.email, content: upNextMail(context, job.track_title, `${publicUrl}/queue`), unsubscribeToken } : null;
    if (!subscription.queue_notifications) return null;
    return { to: subscription.email, content: queueOpenMail(context, `${publicUrl}/queue`), unsubscribeToken };
  }

  /** The member's own address when they take mails, else a confirmed subscription of the submitter. */
  async function composeDeclined(job: Extract<MailJob, { kind: "declined" }>): Promise<{ to: string; content: MailContent; unsubscribeToken: string } | null> {
    const member = job.owner_id ? await repository.userMailTarget(job.owner_id) : undefined;
    const subscription = await repository.confirmedSubscriptionOf([job.submitter_id, ...(job.owner_id ? [job.owner_id] : [])]);
    const target: { to: string; unsubscribe: UnsubscribeTarget } | undefined =
      member?.email && readPreferences(member.preferences).email_notifications
        ? { to: member.email, unsubscribe: { user_id: job.owner_id! } }
        : subscription && { to: subscription.email, unsubscribe: { subscription_id: subscription.id } };
    if (!target) return null;
    const unsubscribeToken = await signUnsubscribe(target.unsubscribe);
    const context = { streamer: deps.config.mail.streamerName, unsubscribeUrl: unsubscribePage(unsubscribeToken) };
    return { to: target.to, content: declinedMail(context, job, `${publicUrl}/queue`), unsubscribeToken };
  }

  const unsubscribePage = (token: string) => `${publicUrl}/email/unsubscribe?token=${encodeURIComponent(token)}`;

  async function accountEmail(userId: string): Promise<string | null> {
    return (await repository.userMailTarget(userId))?.email ?? null;
  }

  return {
    /** The web page that confirms an unsubscribe, for the List-Unsubscribe link opened in a browser. */
    unsubscribePageUrl: unsubscribePage,

    /** The signed-in member's subscription options; a guest has none to show. */
    async preferences(actor: Actor): Promise<EmailPreferences> {
      const person = asPerson(actor);
      if (!person.userId) return { queue_notifications: false, general_updates: false, up_next: false, success: true };
      const row = await repository.findForUser(person.userId, await accountEmail(person.userId));
      const active = row && row.confirmed_at && !row.unsubscribed_at;
      return {
        queue_notifications: !!active && row.queue_notifications === 1,
        general_updates: !!active && row.general_updates === 1,
        up_next: !!active && row.up_next === 1,
        success: true,
      };
    },

    /**
     * Records the address (unconfirmed if new) and sends the confirmation mail; the chosen options
     * take effect only through its link, so nobody can change another person's mail by typing it.
     * At most one confirmation a day goes to an address; the answer is the same either way, so it
     * tells nobody whether the address is known or was just mailed.
     */
    async subscribe(actor: Actor, body: EmailSubscribeBody): Promise<EmailPreferences & { message: string }> {
      const person = asPerson(actor);
      const timestamp = now();
      const submitterId = person.userId ?? person.guestId;
      const row = await repository.insertOrKeep({
        id: randomUUID(),
        email: body.email,
        user_id: person.userId,
        queue_notifications: body.queue_notifications ? 1 : 0,
        general_updates: body.general_updates ? 1 : 0,
        up_next: 0,
        submitter_id: submitterId,
        confirmed_at: null,
        unsubscribed_at: null,
        confirmation_sent_at: null,
        created_at: timestamp,
        updated_at: timestamp,
      });
      if ((person.userId && !row.user_id) || (submitterId && !row.submitter_id)) {
        await repository.update(row.id, { user_id: row.user_id ?? person.userId, submitter_id: row.submitter_id ?? submitterId, updated_at: timestamp });
      }
      const options = { queue_notifications: body.queue_notifications, general_updates: body.general_updates, up_next: body.up_next };
      const since = toIso(new Date(deps.clock.now().getTime() - CONFIRMATION_INTERVAL_MS));
      await deps.db.transaction().execute(async (trx) => {
        if (!(await createEmailRepository(trx).claimConfirmation(row.id, timestamp, since))) return;
        await deps.outbox.enqueue(trx, "mail.send", { kind: "confirm", subscription_id: row.id, ...options }, `mail:confirm:${randomUUID()}`);
      });
      return { ...options, success: true, message: EMAIL_MESSAGES.subscribed };
    },

    async confirm(actor: Actor, token: string): Promise<EmailLinkResult> {
      asPerson(actor);
      const claims = await deps.tokens.verifyClaims(token, "email-confirm");
      if (!claims || typeof claims.subscription_id !== "string") throw badRequest(EMAIL_MESSAGES.linkInvalid);
      const row = await repository.findById(claims.subscription_id);
      if (!row) throw badRequest(EMAIL_MESSAGES.linkInvalid);
      const timestamp = now();
      await repository.update(row.id, {
        queue_notifications: claims.queue_notifications === true ? 1 : 0,
        general_updates: claims.general_updates === true ? 1 : 0,
        up_next: claims.up_next === true ? 1 : 0,
        confirmed_at: row.confirmed_at ?? timestamp,
        unsubscribed_at: null,
        updated_at: timestamp,
      });
      checkedFirstId = null;
      return { success: true, message: EMAIL_MESSAGES.confirmed };
    },

    /** The link in a mail's footer and the RFC 8058 one-click POST both land here. */
    async unsubscribe(actor: Actor, token: string): Promise<EmailLinkResult> {
      asPerson(actor);
      const claims = await deps.tokens.verifyClaims(token, "email-unsubscribe");
      const timestamp = now();
      if (claims && typeof claims.subscription_id === "string") {
        const row = await repository.findById(claims.subscription_id);
        if (!row) throw badRequest(EMAIL_MESSAGES.linkInvalid);
        await repository.update(row.id, { unsubscribed_at: row.unsubscribed_at ?? timestamp, updated_at: timestamp });
        return { success: true, message: EMAIL_MESSAGES.unsubscribed };
      }
      if (claims && typeof claims.user_id === "string") {
        const user = await repository.userMailTarget(claims.user_id);
        if (!user) throw badRequest(EMAIL_MESSAGES.linkInvalid);
        const preferences = { ...readPreferences(user.preferences), email_notifications: false };
        await repository.setUserPreferences(claims.user_id, JSON.stringify(preferences), timestamp);
        return { success: true, message: EMAIL_MESSAGES.unsubscribed };
      }
      throw badRequest(EMAIL_MESSAGES.linkInvalid);
    },
  };
}

function readPreferences(text: string) {
  try {
    return { ...DEFAULT_PREFERENCES, ...preferencesSchema.partial().parse(JSON.parse(text)) };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export type EmailService = ReturnType<typeof createEmailService>;
