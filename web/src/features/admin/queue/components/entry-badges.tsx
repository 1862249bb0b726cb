import { Badge, Group } from "@mantine/core";
import type { Queuer } from "@common/queue";
import { PriorityBadge } from "../../../../components/priority-badge";
import { expiryText } from "../entry-display";

/** The tier (with when it runs out) and the premium-note mark. */
export function EntryBadges({ entry, premium }: { entry: Queuer; premium: boolean }) {
  const level = entry.priority_level;
  const expiry = level > 0 && entry.premium_expires ? expiryText(entry.premium_expires) : "";
  if (level === 0 && !premium) return null;
  return (
    <Group gap={6} wrap="wrap" mt={6}>
      {level > 0 && (
        <PriorityBadge level={level} suffix={expiry} expired={expiry === "Expired"} title={entry.premium_expires ?? undefined} />
      )}
      {premium && (
        <Badge size="sm" variant="filled" color="yellow" c="dark.9">
          Premium note
        </Badge>
      )}
    </Group>
  );
}
