import { MESSAGES } from "@common/messages";
import { USER_MESSAGES, type RegisterInput, type UserAuthResponse } from "@common/users";
import { isUniqueViolation } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { badRequest, conflict, unauthorized } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { PasswordHasher } from "../../lib/passwords";
import { REFRESH_PURPOSE, type RefreshTokenService } from "../auth/refresh-token.service";
import type { TokenService } from "../auth/token.service";
import type { Account } from "../users/users.service";
import type { UsersService } from "../users/users.service";

/** Registration, password sign-in, token renewal and sign-out for members (never admins). */
export function createUserAuthService(deps: { clock: Clock; users: UsersService; refreshTokens: RefreshTokenService; tokens: TokenService; passwords: PasswordHasher }) {
  // Compared against when no account matches, so an unknown name costs as long as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const accounts = deps.users.accounts;

  /** Starts a login for the account: a token pair plus the member's own profile. */
  async function signIn(account: Account): Promise<UserAuthResponse> {
    await deps.users.touch(account.id);
    const pair = await deps.refreshTokens.issue(account.id, "user");
    const fresh = (await accounts.findById(account.id)) ?? account;
    return { ...pair, user: await deps.users.meView(fresh) };
  }

  return {
    signIn,

    async register(input: RegisterInput): Promise<UserAuthResponse> {
      if (await accounts.usernameTaken(input.username)) throw conflict(MESSAGES.usernameTaken);
      if (await accounts.findByEmail(input.email)) throw conflict(MESSAGES.emailTaken);
      const passwordHash = await deps.passwords.hash(input.password);
      let account: Account;
      try {
        account = await accounts.insert({
          id: newId(),
          username: input.username,
          email: input.email,
          email_verified: false,
          password_hash: passwordHash,
          google_sub: null,
          display_name: input.display_name || input.username,
          avatar_url: null,
          now: toIso(deps.clock.now()),
        });
      } catch (error) {
        // Lost a race with a registration of the same name or address.
        if (!isUniqueViolation(error)) throw error;
        const emailTaken = (await accounts.findByEmail(input.email)) !== null;
        throw conflict(emailTaken ? MESSAGES.emailTaken : MESSAGES.usernameTaken);
      }
      return signIn(account);
    },

    /** `login` is a username or an e-mail address, either in any case. */
    async login(login: string, password: string): Promise<UserAuthResponse> {
      const text = login.trim();
      // NUL cannot be looked up (PostgreSQL refuses it in text); such a name matches nobody.
      const account = text.includes("\u0000") ? null : text.includes("@") ? await accounts.findByEmail(text) : await accounts.findByUsername(text);
      const hash = account?.password_hash ?? (await (dummyHash ??= deps.passwords.hash("livequeue-no-such-account")));
      const valid = await deps.passwords.verify(password, hash);
      if (!account?.password_hash || !valid) throw unauthorized(MESSAGES.invalidCredentials);
      return signIn(account);
    },

    /** Trades a refresh token for a new pair; a reused token ends the whole login (see refresh-token.service). */
    async refresh(refreshToken: string | null): Promise<UserAuthResponse> {
      if (!refreshToken) throw unauthorized(USER_MESSAGES.noRefreshToken);
      const rotated = await deps.refreshTokens.rotate(refreshToken, "user");
      const { subjectId, ...pair } = rotated;
      const account = await accounts.findById(subjectId);
      if (!account) {
        await deps.refreshTokens.revoke(pair.refresh_token, "user");
        throw unauthorized(MESSAGES.notAuthenticated);
      }
      await deps.users.touch(account.id);
      return { ...pair, user: await deps.users.meView(account) };
    },

    /**
     * Ends the login the refresh token belongs to. A well-signed token that is already spent still
     * signs out. Answers 400 rather than 401 when no refresh token is given, so a client does not try
     * to renew its way out of a sign-out.
     */
    async logout(candidates: (string | null)[]): Promise<{ detail: string }> {
      const given = candidates.filter((token): token is string => Boolean(token));
      if (given.length === 0) throw badRequest(USER_MESSAGES.noRefreshToken);
      for (const token of given) {
        if (await deps.tokens.verifyClaims(token, REFRESH_PURPOSE("user"))) {
          await deps.refreshTokens.revoke(token, "user");
          return { detail: USER_MESSAGES.signedOut };
        }
      }
      throw badRequest(USER_MESSAGES.invalidRefreshToken);
    },
  };
}

export type UserAuthService = ReturnType<typeof createUserAuthService>;
