import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { PublicUser } from "@common/users";
import { MemberAvatar } from "../../../components/member-avatar";
import { playRatePercent } from "../../../components/stats-grid";

/** One member in the directory grid. */
export function MemberCard({ user, onView }: { user: PublicUser; onView: (user: PublicUser) => void }) {
  return (
    <Paper withBorder radius="lg" p="md" component="li" aria-label={`@${user.username}`}>
      <Group gap="sm" wrap="nowrap" mb="xs">
        <MemberAvatar user={user} size={44} />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={700} truncate title={user.display_name || user.username}>
            {user.display_name || user.username}
          </Text>
          <Text size="sm" c="dimmed" truncate title={`@${user.username}`}>
            @{user.username}
          </Text>
        </Stack>
        <Button variant="light" size="compact-sm" onClick={() => onView(user)} style={{ flexShrink: 0 }}>
          View Profile
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {user.total_submissions} submitted · {user.total_played} played · {playRatePercent(user.submission_rate)}
      </Text>
      {user.bio && (
        <Text size="sm" lineClamp={2} mt={6} style={{ overflowWrap: "anywhere" }}>
          {user.bio}
        </Text>
      )}
    </Paper>
  );
}
