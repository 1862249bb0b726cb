import { api } from "../../lib/api-client";
import { guestHeaders } from "../../lib/guest-headers";

/** Kinds the spec lists: page_visit:{page}, form_submit:{form}, action:{name}, interaction, home_page, queue_page. */
export type ActivityType = `page_visit:${string}` | `form_submit:${string}` | `action:${string}` | "interaction" | "home_page" | "queue_page";

const DEBOUNCE_MS = 30_000;
const pending = new Set<string>();
const lastSent = new Map<string, number>();

function exemptFromDebounce(type: ActivityType): boolean {
  return type === "home_page" || type === "queue_page" || type.startsWith("page_visit:");
}

/**
 * Tells the server this submitter is still around (which also lifts an inactivity hold). Skipped without
 * a user id, for a duplicate still in flight, or within 30 s of the same kind (page visits excepted).
 * A failure is only a warning; resolves whether the call was made and succeeded.
 */
export async function recordActivity(userId: string | null, type: ActivityType, now: number = Date.now()): Promise<boolean> {
  if (!userId) return false;
  const key = `${userId}|${type}`;
  if (pending.has(key)) return false;
  const last = lastSent.get(key);
  if (!exemptFromDebounce(type) && last !== undefined && now - last < DEBOUNCE_MS) return false;
  pending.add(key);
  lastSent.set(key, now);
  try {
    // The guest's secret or the member's token proves it is their own sign of life.
    await api.post(`queue-position/activity/${encodeURIComponent(userId)}`, { query: { activity_type: type }, headers: guestHeaders(userId) });
    return true;
  } catch (error) {
    console.warn("Could not record activity", type, error);
    return false;
  } finally {
    pending.delete(key);
  }
}
