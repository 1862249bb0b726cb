import type { Selectable, Updateable } from "kysely";
import { DEFAULT_PREFERENCES, preferencesSchema, type UserPreferences } from "@common/users";
import type { Db } from "../../db/kysely";
import type { UsersTable } from "../../db/tables/users";

export type UserRow = Selectable<UsersTable>;

/** A user as the services see it: preferences parsed, booleans as booleans. */
export interface Account extends Omit<UserRow, "preferences" | "is_public" | "email_verified"> {
  preferences: UserPreferences;
  email_verified: boolean;
}

export interface NewAccount {
  id: string;
  username: string;
  email: string | null;
  email_verified: boolean;
  password_hash: string | null;
  google_sub: string | null;
  twitch_sub?: string | null;
  display_name: string;
  avatar_url: string | null;
  now: string;
}

export type AccountPatch = Partial<
  Pick<
    Account,
    | "username"
    | "display_name"
    | "bio"
    | "location"
    | "website_url"
    | "default_artist_name"
    | "default_youtube_username"
    | "preferences"
    | "google_sub"
    | "twitch_sub"
    | "email_verified"
    | "password_hash"
    | "avatar_url"
    | "youtube_channel_id"
    | "youtube_channel_title"
    | "last_active"
  >
>;

/** Stored preferences are merged over the defaults, so a field added later reads as its default. */
function parsePreferences(text: string): UserPreferences {
  try {
    const parsed = preferencesSchema.partial().safeParse(JSON.parse(text));
    return { ...DEFAULT_PREFERENCES, ...(parsed.success ? parsed.data : {}) };
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

export function toAccount(row: UserRow): Account {
  const { preferences, is_public: _isPublic, email_verified, ...rest } = row;
  return { ...rest, preferences: parsePreferences(preferences), email_verified: email_verified === 1 };
}

function toColumns(patch: AccountPatch, now: string): Updateable<UsersTable> {
  const { preferences, email_verified, ...rest } = patch;
  const columns: Updateable<UsersTable> = { ...rest, updated_at: now };
  if (preferences) {
    columns.preferences = JSON.stringify(preferences);
    columns.is_public = preferences.public_profile ? 1 : 0;
  }
  if (email_verified !== undefined) columns.email_verified = email_verified ? 1 : 0;
  return columns;
}

/** The only place that reads and writes the users table. */
export function createUsersRepository(db: Db) {
  const base = () => db.selectFrom("users").selectAll();

  return {
    async insert(account: NewAccount): Promise<Account> {
      const row: UserRow = {
        id: account.id,
        username: account.username,
        email: account.email,
        email_verified: account.email_verified ? 1 : 0,
        password_hash: account.password_hash,
        google_sub: account.google_sub,
        twitch_sub: account.twitch_sub ?? null,
        display_name: account.display_name,
        avatar_url: account.avatar_url,
        bio: null,
        location: null,
        website_url: null,
        default_artist_name: null,
        default_youtube_username: null,
        preferences: JSON.stringify(DEFAULT_PREFERENCES),
        is_public: DEFAULT_PREFERENCES.public_profile ? 1 : 0,
        youtube_channel_id: null,
        youtube_channel_title: null,
        created_at: account.now,
        updated_at: account.now,
        last_active: account.now,
      };
      await db.insertInto("users").values(row).execute();
      return toAccount(row);
    },

    async findById(id: string): Promise<Account | null> {
      const row = await base().where("id", "=", id).executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    async findByUsername(username: string): Promise<Account | null> {
      const row = await base()
        .where((eb) => eb(eb.fn("lower", ["username"]), "=", username.toLowerCase()))
        .executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    async findByEmail(email: string): Promise<Account | null> {
      const row = await base()
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
        .executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    async findByGoogleSub(sub: string): Promise<Account | null> {
      const row = await base().where("google_sub", "=", sub).executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    async findByTwitchSub(sub: string): Promise<Account | null> {
      const row = await base().where("twitch_sub", "=", sub).executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    /** Whether another account already holds this username (case-insensitive). */
    async usernameTaken(username: string, exceptId?: string): Promise<boolean> {
      let query = db
        .selectFrom("users")
        .select("id")
        .where((eb) => eb(eb.fn("lower", ["username"]), "=", username.toLowerCase()));
      if (exceptId) query = query.where("id", "!=", exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async update(id: string, patch: AccountPatch, now: string): Promise<Account | null> {
      await db.updateTable("users").set(toColumns(patch, now)).where("id", "=", id).execute();
      const row = await base().where("id", "=", id).executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    /** Records a sign of life without touching updated_at. */
    async touch(id: string, now: string): Promise<void> {
      await db.updateTable("users").set({ last_active: now }).where("id", "=", id).where("last_active", "<", now).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
