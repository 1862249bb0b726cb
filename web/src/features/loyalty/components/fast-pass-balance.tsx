import { Badge, Group, Text } from "@mantine/core";
import { fastPassTierLabel, heldTiers } from "@common/loyalty";
import { useFastPassBalance } from "../api";

/** The member's Fast Pass tokens, one badge per tier held (account modal). */
export function FastPassBalance() {
  const { balance } = useFastPassBalance();
  if (!balance) return null;
  const held = heldTiers(balance);
  return (
    <Group gap={6} aria-label="Fast Pass balance" role="group">
      <Text size="sm" fw={600}>
        Fast Passes:
      </Text>
      {held.length === 0 ? (
        <Text size="sm" c="dimmed">
          none yet. Watch the live stream to earn one.
        </Text>
      ) : (
        held.map((tier) => (
          <Badge key={tier} variant="light" color={tier === 3 ? "orange" : tier === 2 ? "grape" : "blue"}>
            {balance.tokens_by_level[String(tier) as "1" | "2" | "3"]} × {fastPassTierLabel(tier)}
          </Badge>
        ))
      )}
    </Group>
  );
}
