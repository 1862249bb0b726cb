import { Alert, Badge, Button, Group, NumberInput, Paper, Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { TwitchStatus } from "@common/twitch";
import { toastError, toastSuccess } from "../../../components/toast";
import { twitchStatusQuery, useConnectTwitch, useCreateTwitchRewards, useDisconnectTwitch } from "../api";

const STATE_LABELS: Record<TwitchStatus["state"], { text: string; color: string }> = {
  not_configured: { text: "Not configured", color: "gray" },
  not_connected: { text: "Not connected", color: "gray" },
  connecting: { text: "Connecting", color: "yellow" },
  connected: { text: "Connected", color: "green" },
  reconnecting: { text: "Reconnecting", color: "yellow" },
  stopped: { text: "Stopped", color: "red" },
};

/** The built-in Twitch connection: connect the channel once, see how it is doing, create the channel-point rewards. */
export function TwitchConnection({ landed }: { landed: string | null }) {
  const { data } = useSuspenseQuery(twitchStatusQuery());
  const connect = useConnectTwitch();
  const rewards = useCreateTwitchRewards();
  const disconnect = useDisconnectTwitch();
  const [requestCost, setRequestCost] = useState<number | string>(500);
  const [skipCost, setSkipCost] = useState<number | string>("");
  const state = STATE_LABELS[data.state];

  const onConnect = () => connect.mutate(undefined, { onSuccess: ({ authorize_url }) => window.location.assign(authorize_url), onError: (error) => toastError(error.message) });
  const onRewards = () =>
    rewards.mutate(
      { request_cost: Number(requestCost), ...(skipCost === "" ? {} : { skip_cost: Number(skipCost) }) },
      { onSuccess: () => toastSuccess("The rewards are on your channel."), onError: (error) => toastError(error.message) },
    );

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Twitch chat and channel points
          </Title>
          <Badge color={state.color} variant="light" aria-label="Twitch connection state">
            {state.text}
          </Badge>
        </Group>
        {landed === "failed" && <Alert color="red">Twitch did not connect the channel. Please try again.</Alert>}
        {data.reason && (
          <Text size="sm" role="status">
            {data.reason}
          </Text>
        )}
        {data.state === "not_configured" && (
          <Text size="sm" c="dimmed">
            Until the server has a Twitch app, there is no channel to connect here and viewers are not offered Sign in with Twitch.
          </Text>
        )}
        {data.channel && (
          <Text size="sm">
            Channel: <strong>{data.channel.login}</strong>. Viewers type !sr with a link in your chat; the answers come from your account.
          </Text>
        )}
        {data.state !== "not_configured" && (
          <Group gap="sm">
            <Button onClick={onConnect} loading={connect.isPending} variant={data.channel ? "default" : "filled"}>
              {data.channel ? "Connect again" : "Connect Twitch"}
            </Button>
            {data.channel && (
              <Button variant="subtle" color="red" onClick={() => disconnect.mutate()} loading={disconnect.isPending}>
                Disconnect
              </Button>
            )}
          </Group>
        )}
        {data.channel && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {data.request_reward_id
                ? "The Request a song reward is on your channel: a refused or removed request gives the points back."
                : "Create the rewards viewers redeem with channel points."}
            </Text>
            <Group gap="sm" align="flex-end">
              <NumberInput label="Request a song (points)" min={1} max={1_000_000} value={requestCost} onChange={setRequestCost} w={200} />
              <NumberInput label="Skip the line (points, optional)" min={1} max={1_000_000} value={skipCost} onChange={setSkipCost} w={220} />
              <Button onClick={onRewards} loading={rewards.isPending}>
                Create rewards
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
