import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import type { YoutubeChatStatus } from "@common/youtube-chat";
import { toastError } from "../../../components/toast";
import { useConnectYoutubeChat, useDisconnectYoutubeChat, youtubeChatStatusQuery } from "../api";

const STATE_LABELS: Record<YoutubeChatStatus["state"], { text: string; color: string }> = {
  not_configured: { text: "Not configured", color: "gray" },
  not_connected: { text: "Not connected", color: "gray" },
  connecting: { text: "Connecting", color: "yellow" },
  connected: { text: "Connected", color: "green" },
  reconnecting: { text: "Reconnecting", color: "yellow" },
  offline: { text: "Stream offline", color: "gray" },
  stopped: { text: "Stopped", color: "red" },
};

/** The built-in YouTube live chat connection: connect the channel once with Google, see how its chat is read. */
export function YoutubeChatConnection({ landed, landedError }: { landed: string | null; landedError: string | null }) {
  const { data } = useSuspenseQuery(youtubeChatStatusQuery());
  const connect = useConnectYoutubeChat();
  const disconnect = useDisconnectYoutubeChat();
  const state = STATE_LABELS[data.state];
  const onConnect = () => connect.mutate(undefined, { onSuccess: ({ authorize_url }) => window.location.assign(authorize_url), onError: (error) => toastError(error.message) });

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            YouTube live chat
          </Title>
          <Badge color={state.color} aria-label="YouTube chat connection state">
            {state.text}
          </Badge>
        </Group>
        {landed === "failed" && <Alert color="red">{landedError || "Google did not connect the YouTube channel. Please try again."}</Alert>}
        {data.reason && (
          <Text size="sm" role="status">
            {data.reason}
          </Text>
        )}
        {data.channel ? (
          <Text size="sm">
            Channel: <strong>{data.channel.title}</strong>. While you are live, viewers type !sr with a link in your live chat; the answers come from your channel.
          </Text>
        ) : (
          data.state === "not_connected" && (
            <Text size="sm" c="dimmed">
              No bot needed: connect the YouTube channel you stream on and LiveQueue reads its live chat whenever you are live.
            </Text>
          )
        )}
        {data.state !== "not_configured" && (
          <Group gap="sm">
            <Button onClick={onConnect} loading={connect.isPending} variant={data.channel ? "default" : "filled"}>
              {data.channel ? "Connect again" : "Connect YouTube"}
            </Button>
            {data.state !== "not_connected" && (
              <Button variant="subtle" color="red" onClick={() => disconnect.mutate()} loading={disconnect.isPending}>
                Disconnect
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
