import { Badge, Group } from "@mantine/core";
import { PRIORITY_LABELS, type PriorityLevel } from "@common/limits";
import type { Queuer } from "@common/queue";
import { expiryText } from "../entry-display";

export const PRIORITY_COLORS: Record<PriorityLevel, string> = { 0: "gray", 1: "blue", 2: "grape", 3: "orange" };

/** The tier (with when it runs out) and the premium-note mark. */
export function EntryBadges({ entry, premium }: { entry: Queuer; premium: boolean }) {
  const level = entry.priority_level;
  const expiry = level > 0 && entry.premium_expires ? expiryText(entry.premium_expires) : "";
  if (level === 0 && !premium) return null;
  return (
    <Group gap={6} wrap="wrap" mt={6}>
      {level > 0 && (
        <Badge size="sm" variant="light" color={expiry === "Expired" ? "gray" : PRIORITY_COLORS[level]} title={entry.premium_expires ?? undefined}>
          {PRIORITY_LABELS[level]}
          {expiry && ` · ${expiry}`}
        </Badge>
      )}
      {premium && (
        <Badge size="sm" variant="filled" color="yellow" c="dark.9">
          Premium note
        </Badge>
      )}
    </Group>
  );
}
