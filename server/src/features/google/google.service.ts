import { randomBytes } from "node:crypto";
import { DISPLAY_NAME_MAX_LENGTH, RESERVED_USERNAMES, USER_MESSAGES, type GoogleSignInResponse } from "@common/users";
import { USERNAME_MAX_LENGTH } from "@common/limits";
import { type Db, isUniqueViolation } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { AppError, unauthorized } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { UserAuthService } from "../user-auth/user-auth.service";
import type { Account } from "../users/users.service";
import type { UsersService } from "../users/users.service";
import { type GoogleClient, GoogleError, type GoogleIdentity, type YoutubeChannel } from "./google.client";
import { createGoogleRepository } from "./google.repository";

const USERNAME_BASE_LENGTH = USERNAME_MAX_LENGTH - 6;

/** A free username in the a-z, 0-9, _ rule, made from the e-mail's local part or the name. */
export function usernameCandidates(identity: Pick<GoogleIdentity, "email" | "name">): string[] {
  const source = identity.email?.split("@")[0] || identity.name || "";
  let base = source
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "")
    .slice(0, USERNAME_BASE_LENGTH);
  if (base.length < 3 || (RESERVED_USERNAMES as readonly string[]).includes(base)) base = `member_${base}`.replace(/_$/, "");
  const suffixed = Array.from({ length: 8 }, () => `${base}_${randomBytes(2).readUInt16BE() % 10000}`);
  return [base, ...suffixed, `member_${randomBytes(6).toString("hex")}`];
}

/** Makes the member's YouTube channel their chat identity too: its chat requests become the account's. */
export type LinkYoutubeChannel = (channel: YoutubeChannel, accountId: string) => Promise<unknown>;

/**
 * Google sign-in: finds the account by Google subject, then by Google-verified e-mail, else creates
 * one; optionally records the person's video channel.
 */
export function createGoogleService(deps: { db: Db; clock: Clock; google: GoogleClient; users: UsersService; userAuth: UserAuthService; linkYoutubeChannel?: LinkYoutubeChannel }) {
  const accounts = deps.users.accounts;
  const repository = createGoogleRepository(deps.db);

  /** `email` is null when Google has not verified it or another account already uses it. */
  async function createAccount(identity: GoogleIdentity, email: string | null): Promise<{ account: Account; created: boolean }> {
    for (const username of usernameCandidates(identity)) {
      if (await accounts.usernameTaken(username)) continue;
      try {
        const account = await accounts.insert({
          id: newId(),
          username,
          email,
          email_verified: email !== null,
          password_hash: null,
          google_sub: identity.sub,
          display_name: [...(identity.name ?? username)].slice(0, DISPLAY_NAME_MAX_LENGTH).join(""),
          avatar_url: identity.picture?.startsWith("https://") ? identity.picture : null,
          now: toIso(deps.clock.now()),
        });
        return { account, created: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The same person signing in twice at once: the other request made the account.
        const made = await accounts.findByGoogleSub(identity.sub);
        if (made) return { account: made, created: false };
      }
    }
    throw new AppError(503, "Could not choose a username; please try again");
  }

  /**
   * Links Google to an account found by e-mail. If that address was never proven (a password sign-up),
   * whoever set the password may not own it: the password is dropped and its logins ended, so an
   * account made in someone else's name cannot be kept after the real owner signs in.
   */
  async function linkByEmail(account: Account, identity: GoogleIdentity): Promise<Account> {
    const now = toIso(deps.clock.now());
    const untrusted = !account.email_verified && account.password_hash !== null;
    if (untrusted) await repository.revokeAllLogins(account.id, now);
    const linked = await accounts.update(account.id, { google_sub: identity.sub, email_verified: true, ...(untrusted ? { password_hash: null } : {}) }, now);
    return linked ?? account;
  }

  async function resolveAccount(identity: GoogleIdentity): Promise<{ account: Account; created: boolean }> {
    const bySub = await accounts.findByGoogleSub(identity.sub);
    if (bySub) return { account: bySub, created: false };
    if (!identity.email || !identity.emailVerified) return createAccount(identity, null);
    const byEmail = await accounts.findByEmail(identity.email);
    if (!byEmail) return createAccount(identity, identity.email);
    if (!byEmail.google_sub) return { account: await linkByEmail(byEmail, identity), created: false };
    // The address belongs to an account linked to another Google identity: keep the two apart.
    return createAccount(identity, null);
  }

  return {
    /** Signs in with a Google ID token; with an OAuth access token, also reads the video channel. */
    async signIn(idToken: string, accessToken: string | null): Promise<GoogleSignInResponse> {
      if (!deps.google.configured) throw new AppError(503, USER_MESSAGES.googleNotConfigured);
      let identity: GoogleIdentity;
      try {
        identity = await deps.google.verifyIdToken(idToken);
      } catch (error) {
        if (!(error instanceof GoogleError)) throw error;
        if (error.unavailable) throw new AppError(503, "Google cannot be reached; please try again");
        throw unauthorized(USER_MESSAGES.googleTokenInvalid);
      }
      let { account, created } = await resolveAccount(identity);
      let channel: YoutubeChannel | null = null;
      if (accessToken) {
        channel = await deps.google.readChannel(accessToken);
        if (channel) {
          const now = toIso(deps.clock.now());
          account = (await accounts.update(account.id, { youtube_channel_id: channel.id, youtube_channel_title: channel.title }, now)) ?? account;
          await deps.linkYoutubeChannel?.(channel, account.id);
        }
      }
      const session = await deps.userAuth.signIn(account);
      return { ...session, is_new_user: created, youtube_connected: channel !== null, youtube_channel: channel };
    },
  };
}

export type GoogleService = ReturnType<typeof createGoogleService>;
