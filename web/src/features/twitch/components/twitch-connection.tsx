import { Button, Group, NumberInput, Stack, Text } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { TWITCH_MESSAGES } from "@common/twitch";
import { ChatConnectionCard } from "../../../components/chat-connection-card";
import { toastError, toastSuccess } from "../../../components/toast";
import { twitchStatusQuery, useConnectTwitch, useCreateTwitchRewards, useDisconnectTwitch } from "../api";

/** The built-in Twitch connection: connect the channel once, see how it is doing, create the channel-point rewards. */
export function TwitchConnection({ landed }: { landed: string | null }) {
  const { data } = useSuspenseQuery(twitchStatusQuery());
  const connect = useConnectTwitch();
  const rewards = useCreateTwitchRewards();
  const disconnect = useDisconnectTwitch();
  const [requestCost, setRequestCost] = useState<number | string>(500);
  const [skipCost, setSkipCost] = useState<number | string>("");

  const onRewards = () =>
    rewards.mutate(
      { request_cost: Number(requestCost), ...(skipCost === "" ? {} : { skip_cost: Number(skipCost) }) },
      { onSuccess: () => toastSuccess("The rewards are on your channel."), onError: (error) => toastError(error.message) },
    );

  return (
    <ChatConnectionCard
      title="Twitch chat and channel points"
      badgeName="Twitch connection state"
      badgeVariant="light"
      status={{ state: data.state, reason: data.reason, connected: !!data.channel }}
      failure={landed === "failed" ? TWITCH_MESSAGES.connectFailed : null}
      connectLabel="Connect Twitch"
      connect={connect}
      disconnect={disconnect}
      canDisconnect={!!data.channel}
      about={
        <>
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
        </>
      }
    >
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
    </ChatConnectionCard>
  );
}
