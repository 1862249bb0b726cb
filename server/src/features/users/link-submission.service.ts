import { MESSAGES } from "@common/messages";
import { USER_MESSAGES, type LinkSubmissionResponse } from "@common/users";
import type { Db } from "../../db/kysely";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { type Actor, requireMember } from "../../lib/access";
import { isUniqueViolation } from "../../db/kysely";
import { summarize } from "../queue/queue-events";
import type { EventBus } from "../../events/domain-events";
import { createLinkSubmissionRepository } from "./link-submission.repository";

// Ids are opaque, printable and short; anything else cannot name a submission.
const SUBMISSION_REF = /^[\w.:-]{1,200}$/;

/**
 * A guest who signs in claims what they submitted as a guest. Proof is the guest's secret (only that
 * browser holds it), never a public id. Every unclaimed submission of that guest gets owner_id = the
 * account, so the live entry answers to the account and the history counts in its stats; the entry
 * keeps its user_id, so the guest's browser keeps following it too.
 */
export function createLinkSubmissionService(deps: { db: Db; events: EventBus }) {
  const repository = createLinkSubmissionRepository(deps.db);

  return {
    async link(actor: Actor, ref: string): Promise<LinkSubmissionResponse> {
      const accountId = requireMember(actor);
      const guestId = actor.kind === "person" ? actor.guestId : null;
      if (!guestId) throw forbidden(actor.kind === "person" && actor.invalidGuestSecret ? MESSAGES.guestSecretInvalid : USER_MESSAGES.guestSecretRequired);
      const target = SUBMISSION_REF.test(ref) ? await repository.findSubmission(ref) : undefined;
      if (!target) throw notFound(MESSAGES.entryNotFound);
      if (target.user_id !== guestId) throw forbidden(MESSAGES.notYourEntry);
      if (target.owner_id && target.owner_id !== accountId) throw forbidden(MESSAGES.notYourEntry);

      const live = await repository.liveEntryOf(guestId);
      const claimsLiveEntry = live !== undefined && live.owner_id === null;
      if (claimsLiveEntry && (await repository.accountHasLiveEntry(accountId))) throw conflict(MESSAGES.alreadyInQueue);

      let linked: number;
      try {
        linked = await repository.claimAll(guestId, accountId);
      } catch (error) {
        // The account got a live entry of its own in between: one live entry per person.
        if (isUniqueViolation(error)) throw conflict(MESSAGES.alreadyInQueue);
        throw error;
      }
      if (claimsLiveEntry && live) {
        const claimed = summarize({ ...live, owner_id: accountId });
        await deps.events.emit("submission.claimed", { entry: claimed, from: live.status, account_id: accountId });
      }
      return { detail: USER_MESSAGES.submissionLinked, user_id: accountId, linked_submissions: linked };
    },
  };
}

export type LinkSubmissionService = ReturnType<typeof createLinkSubmissionService>;
