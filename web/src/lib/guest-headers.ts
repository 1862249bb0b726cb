import { GUEST_SECRET_HEADER } from "@common/queue";
import { getAnonymousSubmission } from "./storage";

/** The guest secret header when this browser's guest record owns `userId` (or any, without one). */
export function guestHeaders(userId?: string): Record<string, string> {
  const record = getAnonymousSubmission();
  if (!record?.guest_secret || (userId && record.user_id !== userId)) return {};
  return { [GUEST_SECRET_HEADER]: record.guest_secret };
}
