import { ACCOUNT_DATA_MESSAGES, type AccountExport, type DeleteAccountInput } from "@common/account-data";
import type { Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { badRequest } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { type Actor, requireMember, systemActor } from "../../lib/access";
import type { AuditService } from "../audit/audit.service";
import type { AccountSecurityService } from "./account-security.service";
import { createAccountDataRepository } from "./account-data.repository";
import { presentAccountExport } from "./account-data.presenter";

export interface AccountDataDeps {
  db: Db;
  clock: Clock;
  security: Pick<AccountSecurityService, "requireAccount" | "requirePassword">;
  audit: Pick<AuditService, "record">;
  /** Takes the account's live entry out of the queue with the usual domain events; true when there was one. */
  removeLiveEntry: (actor: Actor, accountId: string) => Promise<boolean>;
}

/** The member's rights over their data: a copy of all of it, and erasure (docs/accounts.md, "Your data"). */
export function createAccountDataService(deps: AccountDataDeps) {
  const repository = createAccountDataRepository(deps.db);

  return {
    async exportData(actor: Actor): Promise<AccountExport> {
      const account = await deps.security.requireAccount(requireMember(actor));
      const [submissions, votes, ledger, watchedMinutes, subscriptions, draft] = await Promise.all([
        repository.submissions(account.id),
        repository.votes(account.id),
        repository.fastPassLedger(account.id),
        repository.watchedMinutes(account.id),
        repository.emailSubscriptions(account.id, account.email),
        repository.draft(account.id),
      ]);
      return presentAccountExport(account, { submissions, votes, ledger, watchedMinutes, subscriptions, draft }, toIso(deps.clock.now()));
    },

    /**
     * Deletes the account: the member types their username (and their password, when the account has
     * one). The live entry leaves the queue first, so every viewer's list updates; then, in one
     * transaction, personal data goes, history is anonymised and the audit log records an opaque id.
     */
    async deleteAccount(actor: Actor, input: DeleteAccountInput): Promise<{ detail: string }> {
      const account = await deps.security.requireAccount(requireMember(actor));
      if (input.username.replace(/^@/, "").toLowerCase() !== account.username) throw badRequest(ACCOUNT_DATA_MESSAGES.confirmUsernameMismatch);
      if (account.password_hash) await deps.security.requirePassword(account, input.password);
      const removedLiveEntry = await deps.removeLiveEntry(actor, account.id);
      const tombstoneId = `deleted_${newId()}`;
      await deps.db.transaction().execute(async (trx) => {
        const anonymised = await repository.erase(trx, account.id, account.email, tombstoneId);
        await deps.audit.record(trx, {
          actor: systemActor("account deletion"),
          action: "account.deleted",
          details: { account: tombstoneId, removed_live_entry: removedLiveEntry, anonymised_submissions: anonymised },
        });
      });
      // An entry the member submitted while this ran is anonymised with the rest: take it out too.
      await deps.removeLiveEntry(systemActor("account deletion"), tombstoneId);
      return { detail: ACCOUNT_DATA_MESSAGES.accountDeleted };
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
