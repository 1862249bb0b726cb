import { AUDIT_ACTION_LABELS, type AuditAction, type AuditRecord } from "@common/audit";
import { PLACE_LABELS } from "@common/entry-status";
import { PRIORITY_LABELS, type PriorityLevel } from "@common/limits";

const listName = (value: unknown) => PLACE_LABELS[String(value) as keyof typeof PLACE_LABELS] ?? String(value);

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

/** The record's details as a person reads them: where the entry went, what a setting became, how many were cleared. */
export function describeDetails(record: AuditRecord): string {
  const d = record.details ?? {};
  const parts: string[] = [];
  switch (record.action) {
    case "setting.changed":
      return `${String(d.name)}: ${d.from ?? "unset"} → ${d.to ?? "unset"}`;
    case "queue.cleared":
      return `${listName(d.queue_type)}: ${String(d.removed_count)} removed`;
    case "played_list.cleared":
      return `${String(d.cleared_count)} cleared`;
    case "queue.play_next": {
      const played = Array.isArray(d.played_ids) ? d.played_ids.length : 0;
      parts.push(`${played} played`);
      if (Number(d.skipped_count) > 0) parts.push(`${String(d.skipped_count)} not scanned yet, passed over`);
      if (!record.entry_id) parts.push("nothing ready to bring up");
      return parts.join(" · ");
    }
    case "entry.priority_set":
      parts.push(`Tier: ${PRIORITY_LABELS[Number(d.priority_level) as PriorityLevel] ?? String(d.priority_level)}`);
      if (d.payment_source) parts.push(`paid via ${String(d.payment_source).replace("_", " ")}`);
      if (d.payment_reference) parts.push(`ref. ${String(d.payment_reference)}`);
      return parts.join(" · ");
  }
  if (d.from && d.to) parts.push(`${listName(d.from)} → ${listName(d.to)}`);
  if (Array.isArray(d.fields) && d.fields.length > 0) parts.push(`changed ${d.fields.join(", ")}`);
  if (d.played === false) parts.push("not counted as played");
  return parts.join(" · ");
}
