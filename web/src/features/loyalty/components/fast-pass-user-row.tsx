import { Box, Button, Group, Paper, Text } from "@mantine/core";
import type { AdminListUser } from "@common/users";
import { MemberAvatar } from "../../../components/member-avatar";

interface FastPassUserRowProps {
  user: AdminListUser;
  grantLabel: string;
  granting: boolean;
  disabled: boolean;
  onGrant: () => void;
}

const lastSeen = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** One user of the Fast Pass Manager with its Grant button. */
export function FastPassUserRow({ user, grantLabel, granting, disabled, onGrant }: FastPassUserRowProps) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group wrap="wrap" gap="sm" justify="space-between">
        <Group wrap="nowrap" gap="sm" style={{ flex: "1 1 240px", minWidth: 0 }}>
          <MemberAvatar user={user} size={40} />
          <Box style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {user.display_name}{" "}
              <Text span c="dimmed" fw={400} size="sm">
                @{user.username}
              </Text>
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email ?? "No e-mail"}
            </Text>
            <Text size="xs" c="dimmed">
              Last active {lastSeen(user.last_active)}
            </Text>
          </Box>
        </Group>
        <Button onClick={onGrant} loading={granting} disabled={disabled} aria-label={`${grantLabel} to @${user.username}`} w={{ base: "100%", xs: "auto" }}>
          {grantLabel}
        </Button>
      </Group>
    </Paper>
  );
}
