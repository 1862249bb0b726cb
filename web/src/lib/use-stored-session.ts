import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "@common/auth";
import { getAnonymousSubmission, getStoredUser, isUserSignedIn, onOwnIdentityChanged, readText, type AnonymousSubmission, type StoredUser } from "./storage";

/** A string snapshot so React re-renders only when the stored identity really changed. */
function identitySnapshot(): string {
  return `${readText(STORAGE_KEYS.userData) ?? ""}|${readText(STORAGE_KEYS.anonymousSubmission) ?? ""}|${isUserSignedIn() ? 1 : 0}`;
}

function useIdentityVersion(): string {
  return useSyncExternalStore(onOwnIdentityChanged, identitySnapshot, () => "");
}

/** This browser's identities: the signed-in user (if any) and the guest submission record (if any). */
export function useOwnIdentity(): { user: StoredUser | null; anonymous: AnonymousSubmission | null; signedIn: boolean } {
  useIdentityVersion();
  return { user: getStoredUser(), anonymous: getAnonymousSubmission(), signedIn: isUserSignedIn() };
}

/** The user id this browser follows in the queue: the signed-in user's, else the guest's. */
export function useOwnUserId(): string | null {
  const { user, anonymous } = useOwnIdentity();
  return user?.user_id ?? anonymous?.user_id ?? null;
}
