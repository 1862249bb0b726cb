import { LEGACY_TOKEN_KEYS, STORAGE_KEYS } from "@common/auth";

/** Fired on window whenever the stored user session changes (sign-in, renewal, sign-out). */
export const USER_DATA_CHANGED_EVENT = "userDataChanged";
/** Fired on window when this browser's guest submission record changes. */
export const ANONYMOUS_SUBMISSION_CHANGED_EVENT = "anonymousSubmissionChanged";

/** The signed-in user as kept in browser storage. */
export interface StoredUser {
  user_id: string;
  username?: string | null;
  display_name?: string | null;
  email?: string | null;
  bio?: string | null;
}

/** A guest's submission, remembered so the guest can edit or leave it and link it to an account later. */
export interface AnonymousSubmission {
  id: string;
  user_id: string;
  guest_secret?: string;
  submitted_at: string;
}

/** What was last sent from this browser, shown back on the queue page. */
export interface LastSubmission {
  id: string;
  user_id: string;
  artist_name: string;
  track_title: string;
  submitted_at: string;
}

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

export type SessionKind = "user" | "admin";

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readText(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeText(key: string, value: string | null): void {
  try {
    if (value === null) store()?.removeItem(key);
    else store()?.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the app keeps working without persistence.
  }
}

export function readJson<T>(key: string): T | null {
  const text = readText(key);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeText(key, value === null || value === undefined ? null : JSON.stringify(value));
}

export function notifyUserDataChanged(): void {
  window.dispatchEvent(new Event(USER_DATA_CHANGED_EVENT));
}

/** Calls `listener` on every session change, in this tab or another one; returns the unsubscribe function. */
export function onUserDataChanged(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.userData || event.key === STORAGE_KEYS.userAccessToken) listener();
  };
  window.addEventListener(USER_DATA_CHANGED_EVENT, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(USER_DATA_CHANGED_EVENT, listener);
    window.removeEventListener("storage", onStorage);
  };
}

const TOKEN_KEYS: Record<SessionKind, { access: string; refresh: string }> = {
  user: { access: STORAGE_KEYS.userAccessToken, refresh: STORAGE_KEYS.userRefreshToken },
  admin: { access: STORAGE_KEYS.adminAccessToken, refresh: STORAGE_KEYS.adminRefreshToken },
};

export function getAccessToken(kind: SessionKind): string | null {
  return readText(TOKEN_KEYS[kind].access);
}

export function getRefreshToken(kind: SessionKind): string | null {
  return readText(TOKEN_KEYS[kind].refresh);
}

const GENERAL_ACCESS_TOKEN_KEY: (typeof LEGACY_TOKEN_KEYS)[number] = "access_token";

/**
 * The admin live channel's token (admin spec section 6): from admin storage, else the general
 * client's (the legacy access_token key), else the user's.
 */
export function getLiveChannelAdminToken(): string | null {
  return getAccessToken("admin") ?? readText(GENERAL_ACCESS_TOKEN_KEY) ?? getAccessToken("user");
}

/** Stores a token pair; for users also the profile. Fires userDataChanged for user sessions. */
export function setSessionTokens(kind: SessionKind, tokens: SessionTokens, user?: StoredUser | null): void {
  writeText(TOKEN_KEYS[kind].access, tokens.access_token);
  writeText(TOKEN_KEYS[kind].refresh, tokens.refresh_token);
  if (kind === "user") {
    if (user) setStoredUser(user);
    notifyUserDataChanged();
  }
}

export function getStoredUser(): StoredUser | null {
  const user = readJson<StoredUser>(STORAGE_KEYS.userData);
  return user && typeof user.user_id === "string" ? user : null;
}

/** Replaces the stored profile (not the tokens) and fires userDataChanged. */
export function setStoredUser(user: StoredUser): void {
  writeJson(STORAGE_KEYS.userData, {
    user_id: user.user_id,
    username: user.username ?? null,
    display_name: user.display_name ?? null,
    email: user.email ?? null,
    bio: user.bio ?? null,
  });
  writeText(STORAGE_KEYS.userId, user.user_id);
  notifyUserDataChanged();
}

/** A user is signed in while tokens are stored. */
export function isUserSignedIn(): boolean {
  return !!getAccessToken("user") || !!getRefreshToken("user");
}

/** Signs the user out of this browser: tokens, profile and the legacy entries; fires userDataChanged. */
export function clearUserSession(): void {
  for (const key of [STORAGE_KEYS.userAccessToken, STORAGE_KEYS.userRefreshToken, STORAGE_KEYS.userData, STORAGE_KEYS.userId, ...LEGACY_TOKEN_KEYS]) {
    writeText(key, null);
  }
  notifyUserDataChanged();
}

export function clearAdminSession(): void {
  writeText(STORAGE_KEYS.adminAccessToken, null);
  writeText(STORAGE_KEYS.adminRefreshToken, null);
}

export function clearSession(kind: SessionKind): void {
  if (kind === "user") clearUserSession();
  else clearAdminSession();
}

/** The guest's own submission; null unless it looks like a real entry (id over 10 characters). */
export function getAnonymousSubmission(): AnonymousSubmission | null {
  const record = readJson<AnonymousSubmission>(STORAGE_KEYS.anonymousSubmission);
  if (!record || typeof record.id !== "string" || record.id.length <= 10 || typeof record.user_id !== "string") return null;
  return record;
}

export function setAnonymousSubmission(record: AnonymousSubmission | null): void {
  writeJson(STORAGE_KEYS.anonymousSubmission, record);
  window.dispatchEvent(new Event(ANONYMOUS_SUBMISSION_CHANGED_EVENT));
}

/** Calls `listener` when the signed-in user or the guest record changes; returns the unsubscribe function. */
export function onOwnIdentityChanged(listener: () => void): () => void {
  const stopUser = onUserDataChanged(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.anonymousSubmission) listener();
  };
  window.addEventListener(ANONYMOUS_SUBMISSION_CHANGED_EVENT, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    stopUser();
    window.removeEventListener(ANONYMOUS_SUBMISSION_CHANGED_EVENT, listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function getLastSubmission(): LastSubmission | null {
  return readJson<LastSubmission>(STORAGE_KEYS.lastSubmission);
}

export function setLastSubmission(record: LastSubmission | null): void {
  writeJson(STORAGE_KEYS.lastSubmission, record);
}

/**
 * The user id this browser follows in the queue: the signed-in user's, else the guest's anonymous one.
 */
export function getOwnUserId(): string | null {
  return getStoredUser()?.user_id ?? getAnonymousSubmission()?.user_id ?? null;
}

export function hasSeenHelp(): boolean {
  return readText(STORAGE_KEYS.helpSeen) === "true";
}

export function markHelpSeen(): void {
  writeText(STORAGE_KEYS.helpSeen, "true");
}

export function getIntendedPath(): string | null {
  return readText(STORAGE_KEYS.intendedPath);
}

export function setIntendedPath(path: string | null): void {
  writeText(STORAGE_KEYS.intendedPath, path);
}
