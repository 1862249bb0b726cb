import { canonicalizeLink } from "@common/link-canonical";
import { MESSAGES } from "@common/messages";
import { BAN_MESSAGES, type Ban, type BanInput, type BanKind } from "@common/moderation";
import type { Db } from "../../db/kysely";
import type { EventBus } from "../../events/domain-events";
import type { BansTable } from "../../db/tables/moderation";
import { type Clock, toIso } from "../../lib/clock";
import { type Actor, requireActiveAdmin, requireAdmin } from "../../lib/access";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { AuditRecorder } from "../audit/audit.service";
import { createModerationRepository } from "./moderation.repository";

/** Who is submitting and what: what a submission is checked against. */
export interface SubmissionParty {
  accountId: string | null;
  guestId: string | null;
  /** The lowercased channel username of the entry. */
  username: string;
  /** Null for uploads. */
  canonicalKey: string | null;
  /** A chat viewer as "platform:platform user id". */
  chatIdentity?: string | null;
}

const present = (row: BansTable): Ban => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  reason: row.reason,
  created_by: row.created_by,
  created_at: row.created_at,
});

/** What a ban of `kind` matches: a link by its canonical key, a username lowercased, ids as they are. */
function banValue(kind: BanKind, value: string): string {
  if (kind === "link") return canonicalizeLink(value)?.key ?? value;
  if (kind === "username") return value.replace(/^@+/, "").toLowerCase();
  // The platform is matched in any case, the platform's id as it is.
  if (kind === "chat") return value.replace(/^([^:]+):/, (_, platform: string) => `${platform.toLowerCase()}:`);
  return value;
}

const actorName = (actor: ReturnType<typeof requireActiveAdmin>) => (actor.kind === "admin" ? actor.username : actor.name);

const banKey = (kind: BanKind, value: string) => `${kind}\u0000${value}`;

/**
 * The host's bans of submitters and songs, each placed and lifted with an audit record. Every
 * submission is checked against them, so the active bans are held in memory and read again when any
 * instance places or lifts one (`bans.changed` crosses instances with the other events).
 */
export function createModerationService(deps: { db: Db; clock: Clock; audit: AuditRecorder; events: EventBus }) {
  const repository = createModerationRepository(deps.db);
  let active: Promise<Map<string, BansTable>> | null = null;
  const activeBans = () => {
    const reading = (active ??= repository.activeBans().then((rows) => new Map(rows.map((row) => [banKey(row.kind, row.value), row]))));
    // A failed read is not kept: the next submission tries again.
    reading.catch(() => {
      if (active === reading) active = null;
    });
    return reading;
  };
  deps.events.subscribe((event) => {
    if (event.name === "bans.changed") active = null;
  });

  return {
    async list(actor: Actor): Promise<Ban[]> {
      requireAdmin(actor);
      return (await repository.activeBans()).map(present);
    },

    async ban(actor: Actor, input: BanInput): Promise<Ban> {
      const admin = requireActiveAdmin(actor);
      const row: BansTable = {
        id: newId(),
        kind: input.kind,
        value: banValue(input.kind, input.value),
        reason: input.reason,
        created_by: actorName(admin),
        created_at: toIso(deps.clock.now()),
        lifted_at: null,
        lifted_by: null,
      };
      await deps.db.transaction().execute(async (trx) => {
        if (await repository.findActive(row.kind, row.value, trx)) throw conflict(BAN_MESSAGES.alreadyBanned);
        await repository.insert(trx, row);
        await deps.audit.record(trx, { actor, action: "ban.added", reason: row.reason, details: { kind: row.kind, value: row.value } });
      });
      await deps.events.emit("bans.changed", { ban_id: row.id });
      return present(row);
    },

    async lift(actor: Actor, id: string): Promise<void> {
      const admin = requireActiveAdmin(actor);
      await deps.db.transaction().execute(async (trx) => {
        const lifted = await repository.lift(trx, id, toIso(deps.clock.now()), actorName(admin));
        if (!lifted) throw notFound(BAN_MESSAGES.banNotFound);
        await deps.audit.record(trx, { actor, action: "ban.lifted", reason: lifted.reason, details: { kind: lifted.kind, value: lifted.value } });
      });
      await deps.events.emit("bans.changed", { ban_id: id });
    },

    /** The refusal a submission gets, or null when nothing about it is banned. A banned submitter is named before a banned song. */
    async refusalFor(party: SubmissionParty): Promise<string | null> {
      const targets: { kind: BanKind; value: string }[] = [];
      if (party.accountId) targets.push({ kind: "account", value: party.accountId });
      if (party.guestId) targets.push({ kind: "guest", value: party.guestId });
      targets.push({ kind: "username", value: party.username });
      if (party.chatIdentity) targets.push({ kind: "chat", value: party.chatIdentity });
      if (party.canonicalKey) targets.push({ kind: "link", value: party.canonicalKey });
      const bans = await activeBans();
      const ban = targets.map((target) => bans.get(banKey(target.kind, target.value))).find((row) => row !== undefined);
      if (!ban) return null;
      return ban.kind === "link" ? MESSAGES.linkBanned : MESSAGES.submitterBanned;
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
/** What the queue needs: only the check. */
export type BanCheck = Pick<ModerationService, "refusalFor">;
