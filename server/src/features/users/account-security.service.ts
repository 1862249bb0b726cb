import { ACCOUNT_DATA_MESSAGES, type ChangePasswordInput } from "@common/account-data";
import { MESSAGES } from "@common/messages";
import { type Clock, toIso } from "../../lib/clock";
import { badRequest, forbidden, unauthorized } from "../../lib/errors";
import { type Actor, requireMember } from "../../lib/access";
import type { PasswordHasher } from "../../lib/passwords";
import type { SessionRevocationService } from "../auth/session-revocation.service";
import type { Account, UsersRepository } from "./users.repository";

/**
 * A member's password and logins: changing the password (the current one proves it is them) ends
 * every other login; "sign out everywhere" ends all of them.
 */
export function createAccountSecurityService(deps: { clock: Clock; accounts: UsersRepository; sessions: SessionRevocationService; passwords: PasswordHasher }) {
  async function requireAccount(userId: string): Promise<Account> {
    const account = await deps.accounts.findById(userId);
    if (!account) throw unauthorized(MESSAGES.notAuthenticated);
    return account;
  }

  /** Refuses unless `password` is the account's current one. 403, not 401: the session is fine, the proof is not. */
  async function requirePassword(account: Account, password: string | undefined): Promise<void> {
    if (!account.password_hash) throw badRequest(ACCOUNT_DATA_MESSAGES.noPassword);
    if (!password) throw badRequest(ACCOUNT_DATA_MESSAGES.currentPasswordRequired);
    if (!(await deps.passwords.verify(password, account.password_hash))) throw forbidden(ACCOUNT_DATA_MESSAGES.currentPasswordWrong);
  }

  return {
    requireAccount,
    requirePassword,

    async changePassword(actor: Actor, input: ChangePasswordInput): Promise<{ detail: string }> {
      const account = await requireAccount(requireMember(actor));
      await requirePassword(account, input.current_password);
      if (input.new_password === input.current_password) throw badRequest(ACCOUNT_DATA_MESSAGES.samePassword);
      await deps.accounts.update(account.id, { password_hash: await deps.passwords.hash(input.new_password) }, toIso(deps.clock.now()));
      await deps.sessions.revokeOthers(account.id, "user", input.refresh_token ?? null);
      return { detail: ACCOUNT_DATA_MESSAGES.passwordChanged };
    },

    async signOutEverywhere(actor: Actor): Promise<{ detail: string }> {
      const account = await requireAccount(requireMember(actor));
      await deps.sessions.revokeAll(account.id, "user");
      return { detail: ACCOUNT_DATA_MESSAGES.signedOutEverywhere };
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
