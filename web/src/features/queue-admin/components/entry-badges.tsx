import { Badge, Group } from "@mantine/core";
import type { Entry } from "@common/queue";
import { PlatformBadge } from "../../../components/platform-badge";
import { PriorityBadge } from "../../../components/priority-badge";

/** Where the link plays (the YouTube video id, so the host sees what will play), the tier and the premium-note mark. */
export function EntryBadges({ entry, premium }: { entry: Entry; premium: boolean }) {
  const level = entry.priority_level;
  return (
    <Group gap={6} wrap="wrap" mt={6}>
      <PlatformBadge platform={entry.platform} videoId={entry.video_id} />
      {entry.awaiting_approval && (
        <Badge size="sm" variant="light" color="orange">
          Awaiting approval
        </Badge>
      )}
      {level > 0 && <PriorityBadge level={level} source={entry.payment_source} expires={entry.premium_expires} />}
      {premium && (
        <Badge size="sm" variant="filled" color="yellow" c="dark.9">
          Premium note
        </Badge>
      )}
    </Group>
  );
}
