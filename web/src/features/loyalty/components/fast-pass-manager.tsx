import { useState } from "react";
import { Alert, Group, NumberInput, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { FAST_PASS_COUNT_MAX, FAST_PASS_COUNT_MIN, FAST_PASS_TIERS, LOYALTY_MESSAGES, clampGrantCount, fastPassTierLabel } from "@common/loyalty";
import { toastError, toastSuccess } from "../../../components/toast";
import { fastPassBalancesQuery, fastPassUsersQuery, useGrantFastPass } from "../grant-api";
import { FastPassUserRow } from "./fast-pass-user-row";

const SEARCH_DEBOUNCE_MS = 300;
const TIER_OPTIONS = FAST_PASS_TIERS.map((tier) => ({ value: String(tier), label: `${tier} · ${fastPassTierLabel(tier)}` }));

/** Grant Fast Passes: find a user, pick the tier and how many, and grant them to that user. */
export function FastPassManager() {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [tier, setTier] = useState(1);
  const [count, setCount] = useState(1);
  const users = useQuery(fastPassUsersQuery(debounced));
  const balances = useQuery(fastPassBalancesQuery((users.data ?? []).map((user) => user.user_id)));
  const grant = useGrantFastPass();
  const [granting, setGranting] = useState<string | null>(null);

  const grantTo = async (userId: string, username: string) => {
    setGranting(userId);
    try {
      await grant.mutateAsync({ user_id: userId, priority_level: tier, count });
      toastSuccess(`Granted ${count} ${fastPassTierLabel(tier)} Fast Pass${count === 1 ? "" : "es"} to @${username}`);
    } catch {
      toastError(LOYALTY_MESSAGES.grantFailed);
    } finally {
      setGranting(null);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Search users" placeholder="Username, e-mail or name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} type="search" />
          <Select label="Tier" data={TIER_OPTIONS} value={String(tier)} onChange={(value) => setTier(Number(value ?? 1))} allowDeselect={false} />
          <NumberInput
            label="Count"
            min={FAST_PASS_COUNT_MIN}
            max={FAST_PASS_COUNT_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={count}
            onChange={(value) => setCount(clampGrantCount(value))}
          />
        </SimpleGrid>
      </Paper>
      {users.isPending && <Skeleton height={240} radius="lg" />}
      {users.isError && (
        <Alert color="red" variant="light" role="alert">
          {LOYALTY_MESSAGES.loadUsersFailed}
        </Alert>
      )}
      {users.data && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {debounced.trim() ? `Users matching "${debounced.trim()}"` : "Most recently active users"}
            </Text>
            <Text size="sm" c="dimmed">
              {users.data.length} shown
            </Text>
          </Group>
          {users.data.length === 0 ? (
            <Text c="dimmed">No users found.</Text>
          ) : (
            users.data.map((user) => (
              <FastPassUserRow
                key={user.user_id}
                user={user}
                balance={balances.data?.[user.user_id]}
                grantLabel={`Grant ${count} × ${fastPassTierLabel(tier)}`}
                granting={granting === user.user_id}
                disabled={granting !== null && granting !== user.user_id}
                onGrant={() => void grantTo(user.user_id, user.username)}
              />
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
