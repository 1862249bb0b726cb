import type { ClientEventDailyCount, ClientEventInput } from "@common/client-events";
import type { Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { type Actor, requireActiveAdmin } from "../../lib/access";
import { newId } from "../../lib/ids";
import { createClientEventsRepository } from "./client-events.repository";

const DAY_MS = 86_400_000;
/** Events are kept this many days, then dropped by the `pruneClientEvents` job. */
const CLIENT_EVENT_RETENTION_DAYS = 90;

/** Product events from the web app: stored with no personal data beyond the sender's user id, counted per day. */
export function createClientEventsService(deps: { db: Db; clock: Clock }) {
  const repository = createClientEventsRepository(deps.db);

  return {
    /** Anyone may send; a guest's event carries no id at all. */
    async record(actor: Actor, input: ClientEventInput): Promise<{ accepted: true }> {
      const userId = actor.kind === "person" ? actor.userId : actor.kind === "admin" ? actor.adminId : null;
      const now = deps.clock.now();
      await repository.insert({
        id: newId(),
        event: input.event,
        props: JSON.stringify(input.props),
        user_id: userId,
        day: toIso(now).slice(0, 10),
        client_ts: input.ts === undefined ? null : typeof input.ts === "number" ? new Date(input.ts).toISOString() : input.ts,
        created_at: toIso(now),
      });
      return { accepted: true };
    },

    /** Drops events older than the retention period; returns how many were removed. */
    async prune(actor: Actor): Promise<number> {
      requireActiveAdmin(actor);
      return repository.deleteReceivedBefore(toIso(new Date(deps.clock.now().getTime() - CLIENT_EVENT_RETENTION_DAYS * DAY_MS)));
    },

    async dailyCounts(actor: Actor, days: number): Promise<ClientEventDailyCount[]> {
      requireActiveAdmin(actor);
      const from = toIso(new Date(deps.clock.now().getTime() - (days - 1) * DAY_MS)).slice(0, 10);
      return repository.dailyCounts(from);
    },
  };
}
