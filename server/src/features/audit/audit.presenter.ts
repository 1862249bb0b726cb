import type { AuditRecord } from "@common/audit";
import type { AuditLogTable } from "../../db/tables/audit";

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  const value: unknown = JSON.parse(text);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function presentAuditRecord(row: AuditLogTable): AuditRecord {
  return {
    id: row.id,
    at: row.created_at,
    actor_kind: row.actor_kind,
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    action: row.action,
    entry_id: row.entry_id,
    submitter_id: row.submitter_id,
    entry_label: row.entry_label,
    reason: row.reason,
    details: parseDetails(row.details),
  };
}
