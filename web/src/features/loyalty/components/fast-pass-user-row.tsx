import { Box, Button, Group, Paper, Text } from "@mantine/core";
import { FAST_PASS_TIERS, fastPassTierLabel, type LoyaltyBalance } from "@common/loyalty";
import type { AdminListUser } from "@common/users";
import { MemberAvatar } from "../../../components/member-avatar";

interface FastPassUserRowProps {
  user: AdminListUser;
  /** The user's Fast Passes; undefined while they load. */
  balance?: LoyaltyBalance;
  grantLabel: string;
  granting: boolean;
  disabled: boolean;
  onGrant: () => void;
}

/** "2 Premium · 1 Super VIP", or that the user holds none. */
export function describeBalance(balance: LoyaltyBalance): string {
  const held = FAST_PASS_TIERS.filter((tier) => balance.tokens_by_level[String(tier) as "1" | "2" | "3"] > 0);
  if (held.length === 0) return "No Fast Passes";
  return `Fast Passes: ${held.map((tier) => `${balance.tokens_by_level[String(tier) as "1" | "2" | "3"]} ${fastPassTierLabel(tier)}`).join(" · ")}`;
}

const lastSeen = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** One user of the Fast Pass Manager: who they are, the Fast Passes they hold, and the Grant button. */
export function FastPassUserRow({ user, balance, grantLabel, granting, disabled, onGrant }: FastPassUserRowProps) {
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
            {balance && (
              <Text size="sm" fw={600} data-testid="fast-pass-balance">
                {describeBalance(balance)}
              </Text>
            )}
          </Box>
        </Group>
        <Button onClick={onGrant} loading={granting} disabled={disabled} aria-label={`${grantLabel} to @${user.username}`} w={{ base: "100%", xs: "auto" }}>
          {grantLabel}
        </Button>
      </Group>
    </Paper>
  );
}
