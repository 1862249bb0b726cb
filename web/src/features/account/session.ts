import { useQueryClient } from "@tanstack/react-query";
import { ACCOUNT_MESSAGES } from "@common/account";
import { GUEST_SECRET_HEADER } from "@common/queue";
import type { GoogleSignInResponse, LinkSubmissionResponse, RegisterInput, UserAuthResponse } from "@common/users";
import { api, buildUrl, publicApi } from "../../lib/api-client";
import { announceSessionChanged } from "../../lib/session-events";
import { clearUserSession, getAnonymousSubmission, getRefreshToken, readText, setIntendedPath, setSessionTokens, writeText, type StoredUser } from "../../lib/storage";
import { accountKeys } from "./api";
import { beginRedirectSignIn } from "./redirect-proof";

/** Set when a sign-in created the account, so the setup wizard opens once; cleared when it closes. */
export const SETUP_PENDING_KEY = "account_setup_pending";

export interface SessionAnswer {
  access_token?: string | null;
  refresh_token?: string | null;
  user?: StoredUser | null;
}

/** Stores a sign-in answer. Both tokens are required ('Missing authentication tokens' otherwise). */
export function storeSession(answer: SessionAnswer, fallbackUser?: StoredUser | null): void {
  if (!answer.access_token || !answer.refresh_token) throw new Error(ACCOUNT_MESSAGES.missingTokens);
  setSessionTokens("user", { access_token: answer.access_token, refresh_token: answer.refresh_token }, answer.user ?? fallbackUser ?? null);
}

/**
 * Claims this browser's guest submission for the signed-in account, proven by the guest's secret.
 * Returns how many submissions were linked; a refusal (already someone else's, gone) links none.
 */
export async function linkGuestSubmission(): Promise<number> {
  const record = getAnonymousSubmission();
  if (!record?.guest_secret) return 0;
  try {
    const answer = await api.post<LinkSubmissionResponse>(`user/me/link-submission/${encodeURIComponent(record.id)}`, {
      auth: "user",
      headers: { [GUEST_SECRET_HEADER]: record.guest_secret },
    });
    return answer.linked_submissions;
  } catch {
    return 0;
  }
}

export const login = (username: string, password: string) => publicApi.post<UserAuthResponse>("auth/user/login", { form: { username, password } });

export const register = (input: RegisterInput) => publicApi.post<UserAuthResponse>("auth/user/register", { json: input });

/** POST auth/google/token-exchange with the Google ID token (and an access token for the channel), in the body: never in a URL. */
export const exchangeGoogleCredential = (credential: string, accessToken?: string) =>
  publicApi.post<GoogleSignInResponse>("auth/google/token-exchange", { json: { credential, access_token: accessToken } });

/**
 * The server's redirect flow, which comes back to /auth/success or /auth/error. Call it only to go
 * there at once: it keeps this tab's one-time proof that the sign-in started here.
 */
export function googleStartUrl(redirectTo: string, withChannel: boolean): string {
  return buildUrl("auth/google/start", { redirect_to: redirectTo, youtube: withChannel ? "true" : undefined, client_state: beginRedirectSignIn() }).toString();
}

/** Where the browser goes to sign in with Twitch; the server sends it back to /auth/success like Google's redirect flow. */
export function twitchStartUrl(redirectTo: string): string {
  return buildUrl("auth/twitch/start", { redirect_to: redirectTo, client_state: beginRedirectSignIn() }).toString();
}

export function markSetupPending(pending: boolean): void {
  writeText(SETUP_PENDING_KEY, pending ? "true" : null);
}

export function isSetupPending(): boolean {
  return readText(SETUP_PENDING_KEY) === "true";
}

/** Sign-in and sign-out with the cache and the guest link handled the same way everywhere. */
export function useSessionActions() {
  const client = useQueryClient();

  const afterSignIn = async (isNewUser: boolean): Promise<number> => {
    if (isNewUser) markSetupPending(true);
    client.removeQueries({ queryKey: accountKeys.all });
    const linked = await linkGuestSubmission();
    await announceSessionChanged();
    await client.invalidateQueries({ queryKey: ["community"] });
    return linked;
  };

  return {
    /** Stores the answer, links the guest submission; resolves with how many were linked. */
    async signIn(answer: SessionAnswer, isNewUser: boolean): Promise<number> {
      storeSession(answer);
      setIntendedPath(null);
      return afterSignIn(isNewUser);
    },
    afterSignIn,
    /** Revokes this login on the server when it can, and always forgets it here. */
    async signOut(): Promise<void> {
      const refreshToken = getRefreshToken("user");
      if (refreshToken) {
        await publicApi.post("user/logout", { json: { refresh_token: refreshToken } }).catch(() => undefined);
      }
      clearUserSession();
      setIntendedPath(null);
      markSetupPending(false);
      client.removeQueries({ queryKey: accountKeys.all });
      await announceSessionChanged();
    },
  };
}
