import { ADMIN_MESSAGES } from "@common/admin";
import { LOCAL_UPLOAD_PREFIX, PENDING_EMAIL_LINK } from "@common/files";
import { LINK_DISPLAY_LENGTH, PREMIUM_KEYWORDS } from "@common/limits";
import { MESSAGES } from "@common/messages";
import type { Entry } from "@common/queue";
import { isApiError } from "../../lib/api-client";

/** A link as shown in an entry card: at most 50 characters, then an ellipsis. */
export function truncateLink(link: string, max: number = LINK_DISPLAY_LENGTH): string {
  const chars = [...link];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : link;
}

/** Notes that mention a payment or a skip are highlighted as premium. */
export function isPremiumNote(note: string | null | undefined): boolean {
  const text = (note ?? "").toLowerCase();
  return PREMIUM_KEYWORDS.some((keyword) => text.includes(keyword));
}

export { expiryText } from "../../lib/expiry-text";

/** Now Playing only takes a file that was scanned clean; links have no scan. */
export const playable = (entry: Pick<Entry, "file_key" | "file_status">) => !entry.file_key || entry.file_status === "clean";

export type EntryLinkKind = "external" | "stored_object" | "local_upload" | "pending_email";

export interface EntryLink {
  kind: EntryLinkKind;
  /** The link as displayed (truncated). */
  text: string;
  /** Opened in a new tab: only for an external web address. */
  href: string | null;
}

/** The three kinds of link (plus an upload that will come by e-mail) and how each is shown. */
export function entryLink(entry: Pick<Entry, "link" | "file_key">): EntryLink {
  const { link } = entry;
  const text = truncateLink(link);
  if (link === PENDING_EMAIL_LINK) return { kind: "pending_email", text, href: null };
  if (link.startsWith(LOCAL_UPLOAD_PREFIX)) return { kind: "local_upload", text, href: null };
  if (entry.file_key) return { kind: "stored_object", text, href: null };
  return { kind: "external", text, href: /^https?:\/\//i.test(link) ? link : null };
}

export type EntryAction = "hold" | "release" | "move" | "moveBack" | "remove" | "priority" | "decline";

const FAILURE_TITLES: Record<EntryAction, string> = {
  hold: ADMIN_MESSAGES.holdFailed,
  release: ADMIN_MESSAGES.releaseFailed,
  move: ADMIN_MESSAGES.moveFailed,
  moveBack: ADMIN_MESSAGES.moveBackFailed,
  remove: ADMIN_MESSAGES.removeFailed,
  priority: ADMIN_MESSAGES.priorityFailed,
  decline: ADMIN_MESSAGES.declineFailed,
};

/**
 * What a failed action shows: the spec's sentence, then the server's detail when there is one. A
 * 403 on a move means the admin account is not active.
 */
export function actionFailure(action: EntryAction, error: unknown): { title: string; detail: string | null } {
  const title = FAILURE_TITLES[action];
  if (!isApiError(error)) return { title, detail: error instanceof Error && error.message ? error.message : null };
  if ((action === "move" || action === "moveBack") && error.status === 403) return { title, detail: MESSAGES.adminInactive };
  return { title, detail: error.network ? error.message : (error.detailText ?? error.message) };
}
