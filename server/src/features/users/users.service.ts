import { MESSAGES } from "@common/messages";
import { usernameSchema, type HistoryPage, type HistoryQuery, type MeUser, type PublicUser, type UpdateMeInput, type UserStats } from "@common/users";
import { USERNAME_MAX_LENGTH } from "@common/limits";
import { type Db, isUniqueViolation } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { conflict, notFound, unauthorized } from "../../lib/errors";
import { type Actor, memberIdOf, requireMember } from "../../lib/access";
import { presentMe, presentPublicUser, presentStats } from "./users.presenter";
import { type Account, type AccountPatch, createUsersRepository } from "./users.repository";
import { createUserStatsRepository } from "./user-stats.repository";

/** Who is asking: a signed-in member (or nobody), and whether the caller holds an admin token. */

const PROFILE_NAME = new RegExp(`^[a-z0-9_]{1,${USERNAME_MAX_LENGTH}}$`);

/** Profiles, the signed-in member's own account, and stats read from the submissions table. */
export function createUsersService(deps: { db: Db; clock: Clock }) {
  const accounts = createUsersRepository(deps.db);
  const stats = createUserStatsRepository(deps.db);

  /** The account with last_active raised to the queue's latest activity record for it. */
  async function withActivity(account: Account): Promise<Account> {
    const activity = await stats.lastActivity(account.id);
    return activity && activity > account.last_active ? { ...account, last_active: activity } : account;
  }

  async function requireAccount(userId: string): Promise<Account> {
    const account = await accounts.findById(userId);
    // A token for an account that no longer exists is as good as no token.
    if (!account) throw unauthorized(MESSAGES.notAuthenticated);
    return account;
  }

  /** A profile someone else may look at: public ones, and your own whatever its setting. */
  async function visibleProfile(rawUsername: string, viewer: Actor): Promise<Account> {
    const username = rawUsername.trim().replace(/^@/, "").toLowerCase();
    const account = PROFILE_NAME.test(username) ? await accounts.findByUsername(username) : null;
    const visible = account && (account.preferences.public_profile || account.id === memberIdOf(viewer) || viewer.kind === "admin");
    if (!account || !visible) throw notFound(MESSAGES.profileNotFound);
    return account;
  }

  async function statsOf(account: Account): Promise<UserStats> {
    return presentStats(account, await stats.counts(account.id), deps.clock.now());
  }

  async function historyOf(userId: string, query: HistoryQuery): Promise<HistoryPage> {
    const { items, total } = await stats.history(userId, query);
    return { submissions: items, total, has_more: query.offset + items.length < total };
  }

  async function meView(account: Account): Promise<MeUser> {
    return presentMe(await withActivity(account), await stats.counts(account.id), deps.clock.now());
  }

  return {
    accounts,
    meView,

    async me(actor: Actor): Promise<MeUser> {
      return meView(await requireAccount(requireMember(actor)));
    },

    async updateMe(actor: Actor, input: UpdateMeInput): Promise<MeUser> {
      const userId = requireMember(actor);
      const account = await requireAccount(userId);
      const patch: AccountPatch = {};
      if (input.username !== undefined && input.username !== account.username) {
        if (await accounts.usernameTaken(input.username, userId)) throw conflict(MESSAGES.usernameTaken);
        patch.username = input.username;
      }
      if (input.display_name !== undefined) patch.display_name = input.display_name;
      if (input.bio !== undefined) patch.bio = input.bio;
      if (input.location !== undefined) patch.location = input.location;
      if (input.website_url !== undefined) patch.website_url = input.website_url;
      if (input.default_artist_name !== undefined) patch.default_artist_name = input.default_artist_name;
      if (input.default_youtube_username !== undefined) patch.default_youtube_username = input.default_youtube_username;
      if (input.preferences) patch.preferences = { ...account.preferences, ...input.preferences };
      try {
        const updated = await accounts.update(userId, patch, toIso(deps.clock.now()));
        if (!updated) throw unauthorized(MESSAGES.notAuthenticated);
        return meView(updated);
      } catch (error) {
        // Two members taking the same name at once: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(MESSAGES.usernameTaken);
        throw error;
      }
    },

    /**
     * Whether a username could be taken by the asker. Invalid names are unavailable, with the reason;
     * the asker's own current name counts as available.
     */
    async checkUsername(raw: string, viewer: Actor): Promise<{ available: boolean; detail?: string }> {
      const parsed = usernameSchema.safeParse(raw);
      if (!parsed.success) return { available: false, detail: parsed.error.issues[0]?.message };
      const taken = await accounts.usernameTaken(parsed.data, memberIdOf(viewer) ?? undefined);
      return taken ? { available: false, detail: MESSAGES.usernameTaken } : { available: true };
    },

    async myStats(actor: Actor): Promise<UserStats> {
      const userId = requireMember(actor);
      return statsOf(await requireAccount(userId));
    },

    async myHistory(actor: Actor, query: HistoryQuery): Promise<HistoryPage> {
      const userId = requireMember(actor);
      await requireAccount(userId);
      return historyOf(userId, query);
    },

    async profile(username: string, viewer: Actor): Promise<PublicUser> {
      const account = await withActivity(await visibleProfile(username, viewer));
      return presentPublicUser(account, await stats.counts(account.id), deps.clock.now());
    },

    async profileStats(username: string, viewer: Actor): Promise<UserStats> {
      return statsOf(await visibleProfile(username, viewer));
    },

    async profileHistory(username: string, viewer: Actor, query: HistoryQuery): Promise<HistoryPage> {
      const account = await visibleProfile(username, viewer);
      return historyOf(account.id, query);
    },

    /** The address and consent the e-mail feature needs to tell a member their track was played. */
    async notificationContact(userId: string): Promise<{ email: string; display_name: string; email_notifications: boolean } | null> {
      const account = await accounts.findById(userId);
      if (!account?.email) return null;
      return { email: account.email, display_name: account.display_name, email_notifications: account.preferences.email_notifications };
    },

    /** Records a sign of life (sign-in, token renewal). */
    /** Whether a member account still exists (a deleted one's tokens are refused at once). */
    async accountExists(userId: string): Promise<boolean> {
      return Boolean(await accounts.findById(userId));
    },

    async touch(userId: string): Promise<void> {
      await accounts.touch(userId, toIso(deps.clock.now()));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
/** A member account as the users feature reads it; other features name it through this service. */
export type { Account } from "./users.repository";
