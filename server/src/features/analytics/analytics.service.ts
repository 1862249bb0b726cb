import { ANALYTICS_MESSAGES, type PriorityAnalytics, type SaveSessionInput, type Session, type StartSessionInput } from "@common/analytics";
import { isUniqueViolation, type Db } from "../../db/kysely";
import type { DomainEventMap, EventBus } from "../../events/domain-events";
import type { Outbox } from "../../events/outbox";
import { type Clock, toIso } from "../../lib/clock";
import { type Actor, requireActiveAdmin, requireAdmin } from "../../lib/access";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { AuditRecorder } from "../audit/audit.service";
import { createAnalyticsRepository, type AnalyticsRepository, type SessionRow } from "./analytics.repository";
import { presentSession } from "./analytics.presenter";

export interface AnalyticsDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  events: EventBus;
  audit: AuditRecorder;
}

/**
 * Analytics sessions and priority figures. A play is counted by the outbox consumer of
 * `submission.played`, in the session that was live when the song was played: the outbox runs it on
 * one instance, and the play's primary key makes a rare second run a no-op.
 */
export function createAnalyticsService(deps: AnalyticsDeps) {
  const repository = createAnalyticsRepository(deps.db);
  const now = () => toIso(deps.clock.now());
  /** A session change and its audit record commit together. */
  const write = <T>(work: (repo: AnalyticsRepository, trx: Db) => Promise<T>): Promise<T> => deps.db.transaction().execute((trx) => work(createAnalyticsRepository(trx), trx));

  deps.outbox.handle("submission.played", async (event: DomainEventMap["submission.played"]) => {
    const session = await repository.sessionLiveAt(event.played_at);
    if (session && (await repository.addPlays(session.id, [event.entry.id], { skipped: event.skipped === true })) > 0) await changed(session.id);
  });

  /** The session's played list changed (votes on /queue follow it). */
  const changed = (sessionId: string) => deps.events.emit("session.changed", { session_id: sessionId });

  async function present(rows: SessionRow[]): Promise<Session[]> {
    const plays = await repository.playsOfSessions(rows.map((row) => row.id));
    const at = deps.clock.now();
    return rows.map((row) =>
      presentSession(
        row,
        plays.filter((play) => play.session_id === row.id),
        at,
      ),
    );
  }

  async function presentOne(row: SessionRow): Promise<Session> {
    return (await present([row]))[0]!;
  }

  async function existing(id: string): Promise<SessionRow> {
    const row = await repository.findSession(id);
    if (!row) throw notFound(ANALYTICS_MESSAGES.sessionNotFound);
    return row;
  }

  return {
    async listSessions(actor: Actor): Promise<Session[]> {
      requireAdmin(actor);
      return present(await repository.allSessions());
    },

    async getSession(actor: Actor, id: string): Promise<Session> {
      requireAdmin(actor);
      return presentOne(await existing(id));
    },

    /** Makes a new session live; a second one while one is live is a 409, even when both starts race. */
    async startSession(actor: Actor, input: StartSessionInput): Promise<Session> {
      requireActiveAdmin(actor);
      if (await repository.liveSession()) throw conflict(ANALYTICS_MESSAGES.alreadyLive);
      const openedAt = now();
      const row: SessionRow = {
        id: newId(),
        name: input.name,
        started_at: input.started_at ? toIso(new Date(input.started_at)) : openedAt,
        opened_at: openedAt,
        ended_at: null,
        saved_at: null,
        is_live: 1,
      };
      try {
        await write(async (repo, trx) => {
          await repo.insertSession(row);
          await deps.audit.record(trx, { actor, action: "session.started", details: { session_id: row.id, name: row.name } });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(ANALYTICS_MESSAGES.alreadyLive);
        throw error;
      }
      await changed(row.id);
      return presentOne(row);
    },

    /** Keeps the session live, adding the played submissions named that no session holds yet. */
    async saveSession(actor: Actor, id: string, input: SaveSessionInput): Promise<Session> {
      requireActiveAdmin(actor);
      await existing(id);
      const { saved, added } = await write(async (repo, trx) => {
        const saved = await repo.markSaved(id, now());
        if (!saved) throw conflict(ANALYTICS_MESSAGES.noActiveSession);
        const added = await repo.addPlays(id, input.submissions_played ?? []);
        await deps.audit.record(trx, { actor, action: "session.saved", details: { session_id: id, name: saved.name, added_plays: added } });
        return { saved, added };
      });
      if (added > 0) await changed(id);
      return presentOne(saved);
    },

    async endSession(actor: Actor, id: string): Promise<Session> {
      requireActiveAdmin(actor);
      await existing(id);
      const ended = await write(async (repo, trx) => {
        const ended = await repo.endSession(id, now());
        if (!ended) throw conflict(ANALYTICS_MESSAGES.alreadyEnded);
        await deps.audit.record(trx, { actor, action: "session.ended", details: { session_id: id, name: ended.name } });
        return ended;
      });
      await changed(id);
      return presentOne(ended);
    },

    /** The figures of the Priority Analytics tab; docs/analytics.md says what each one counts. */
    async priorityAnalytics(actor: Actor): Promise<PriorityAnalytics> {
      requireAdmin(actor);
      const { tiers, sources } = await repository.livePriorityCounts();
      const plays = await repository.playedTimes();
      const waits = plays.map((play) => Math.max(0, Date.parse(play.played_at) - Date.parse(play.submitted_at)) / 1000);
      const priorityPlayed = plays.filter((play) => play.priority_level > 0).length;
      const tier = (level: number) => tiers.get(level) ?? 0;
      return {
        total_priority_users: tier(1) + tier(2) + tier(3),
        premium_users: tier(1),
        vip_users: tier(2),
        super_vip_users: tier(3),
        payment_sources: sources,
        avg_wait_time: waits.length ? Math.round(waits.reduce((sum, wait) => sum + wait, 0) / waits.length) : null,
        priority_played: priorityPlayed,
        regular_played: plays.length - priorityPlayed,
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
