import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { BAN_KIND_LABELS, type Ban } from "@common/moderation";
import { toastError, toastSuccess } from "../../../components/toast";
import { bansQuery, useLiftBan } from "../api";
import { banErrorText } from "../ban-error";

function BanRow({ ban }: { ban: Ban }) {
  const lift = useLiftBan();
  const onLift = () =>
    lift.mutate(ban.id, {
      onSuccess: () => toastSuccess("Ban lifted."),
      onError: (error) => toastError(banErrorText(error)),
    });
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="red">
              {BAN_KIND_LABELS[ban.kind]}
            </Badge>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {ban.value}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
            {ban.reason}
          </Text>
          <Text size="xs" c="dimmed">
            By {ban.created_by}, {new Date(ban.created_at).toLocaleString()}
          </Text>
        </Stack>
        <Button variant="default" size="compact-sm" onClick={onLift} loading={lift.isPending} aria-label={`Lift the ban on ${ban.value}`}>
          Lift
        </Button>
      </Group>
    </Paper>
  );
}

/** The bans in force, each with its reason and a way to lift it. */
export function BanList() {
  const { data: bans } = useSuspenseQuery(bansQuery());
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Bans in force ({bans.length})
      </Title>
      {bans.length === 0 ? <Text c="dimmed">Nobody and no song is banned.</Text> : bans.map((ban) => <BanRow key={ban.id} ban={ban} />)}
    </Stack>
  );
}
