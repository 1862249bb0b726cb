/**
 * The one-time proof that this browser tab started the Google redirect sign-in: a random value kept
 * in sessionStorage, sent to `auth/google/start` as `client_state`, carried by the server through the
 * OAuth state and handed back on /auth/success as `state`. A /auth/success link made anywhere else
 * (someone luring a visitor into their own account) carries no matching value and signs nobody in.
 */
export const REDIRECT_PROOF_KEY = "google_sign_in_state";

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Makes and keeps a new proof for the sign-in about to start; the previous one is forgotten. */
export function beginRedirectSignIn(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const proof = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  try {
    tabStorage()?.setItem(REDIRECT_PROOF_KEY, proof);
  } catch {
    // Storage disabled: the sign-in cannot be proven and /auth/success will refuse it.
  }
  return proof;
}

/** Whether `state` is this tab's proof; the proof is used up either way, so a link works once at most. */
export function takeRedirectSignInProof(state: string | null): boolean {
  const storage = tabStorage();
  let proof: string | null;
  try {
    proof = storage?.getItem(REDIRECT_PROOF_KEY) ?? null;
    storage?.removeItem(REDIRECT_PROOF_KEY);
  } catch {
    return false;
  }
  return Boolean(proof) && state === proof;
}
