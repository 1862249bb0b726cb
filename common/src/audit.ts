import { z } from "zod";
import { textField } from "./text";

/**
 * What an admin (or the server on its own authority) did. Features add their own names here; the
 * audit page offers them as filters.
 */
export const AUDIT_ACTIONS = [
  "entry.added",
  "entry.edited",
  "entry.held",
  "entry.released",
  "entry.moved_to_now_playing",
  "entry.moved_back",
  "entry.removed",
  "entry.played",
  "entry.priority_set",
  "queue.play_next",
  "queue.cleared",
  "played_list.cleared",
  "setting.changed",
  "bulk.operation",
  "ban.added",
  "ban.lifted",
  "chat_secret.rotated",
  "session.started",
  "session.saved",
  "session.ended",
  "schedule.created",
  "schedule.updated",
  "schedule.paused",
  "schedule.resumed",
  "schedule.deleted",
  "schedule.executed",
  "fastpass.granted",
  "account.deleted",
  "entry.scored",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How each action reads on the audit page. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "entry.added": "Added an entry",
  "entry.edited": "Edited an entry",
  "entry.held": "Put on hold",
  "entry.released": "Released from hold",
  "entry.moved_to_now_playing": "Moved to Now Playing",
  "entry.moved_back": "Moved back to Waiting",
  "entry.removed": "Removed",
  "entry.played": "Marked played",
  "entry.priority_set": "Set priority",
  "queue.play_next": "Play next",
  "bulk.operation": "Bulk operation",
  "queue.cleared": "Cleared a list",
  "played_list.cleared": "Cleared the played list",
  "setting.changed": "Changed a setting",
  "ban.added": "Banned",
  "ban.lifted": "Lifted a ban",
  "chat_secret.rotated": "Rotated the chat-command secret",
  "session.started": "Started an analytics session",
  "session.saved": "Saved an analytics session",
  "session.ended": "Ended an analytics session",
  "schedule.created": "Created a schedule",
  "schedule.updated": "Changed a schedule",
  "schedule.paused": "Paused a schedule",
  "schedule.resumed": "Resumed a schedule",
  "schedule.deleted": "Deleted a schedule",
  "schedule.executed": "Ran schedules now",
  "fastpass.granted": "Granted Fast Pass tokens",
  "account.deleted": "A member deleted their account",
  "entry.scored": "Scored a song",
};

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
const AUDIT_FILTER_MAX_LENGTH = 200;
export const AUDIT_LIMIT_INVALID = `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}`;

const filterText = textField({ max: AUDIT_FILTER_MAX_LENGTH })
  .nullable()
  .transform((v) => v || undefined)
  .optional();

/** GET audit/admin: every filter optional; `before` is the id of the last record already shown (the next page). */
export const auditQuerySchema = z.object({
  action: filterText.describe("One action name, e.g. entry.played"),
  admin: filterText.describe("Username of the admin (or the name of the server job) who acted"),
  entry_id: filterText.describe("The entry's id or its submitter id"),
  limit: z.coerce.number({ error: AUDIT_LIMIT_INVALID }).int(AUDIT_LIMIT_INVALID).min(1, AUDIT_LIMIT_INVALID).max(AUDIT_PAGE_MAX, AUDIT_LIMIT_INVALID).default(AUDIT_PAGE_DEFAULT),
  before: filterText.describe("Id of the last record of the previous page"),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRecordSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** "admin" or "system" (a job, a schedule). */
  actor_kind: z.enum(["admin", "system"]),
  actor_id: z.string().nullable(),
  actor_name: z.string(),
  action: z.string(),
  entry_id: z.string().nullable(),
  submitter_id: z.string().nullable(),
  /** "Track by Artist" as it was when the action happened. */
  entry_label: z.string().nullable(),
  reason: z.string().nullable(),
  /** What changed, e.g. {"from":"waiting","to":"active"} or {"name":"isQueueOn","value":"true"}. */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditPageSchema = z.object({
  records: z.array(auditRecordSchema),
  /** Pass as `before` to read the next page; null on the last page. */
  next_before: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** Messages of the audit call. */
export const AUDIT_MESSAGES = {
  unknownCursor: "before must be the id of an audit record",
} as const;
