import type { ReactNode } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { Alert, Badge, type BadgeVariant, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { TwitchStatus } from "@common/twitch";
import type { YoutubeChatStatus } from "@common/youtube-chat";
import { toastError } from "./toast";

type ConnectionState = TwitchStatus["state"] | YoutubeChatStatus["state"];

const STATE_LABELS: Record<ConnectionState, { text: string; color: string }> = {
  not_configured: { text: "Not configured", color: "gray" },
  not_connected: { text: "Not connected", color: "gray" },
  connecting: { text: "Connecting", color: "yellow" },
  connected: { text: "Connected", color: "green" },
  reconnecting: { text: "Reconnecting", color: "yellow" },
  offline: { text: "Stream offline", color: "gray" },
  stopped: { text: "Stopped", color: "red" },
};

type Mutation<Result> = Pick<UseMutationResult<Result, Error, void>, "mutate" | "isPending">;

interface ChatConnectionCardProps {
  title: string;
  /** The state badge's accessible name. */
  badgeName: string;
  badgeVariant?: BadgeVariant;
  status: { state: ConnectionState; reason: string | null; connected: boolean };
  /** Shown when the platform's consent page sent the admin back without a connection. */
  failure: string | null;
  connectLabel: string;
  connect: Mutation<{ authorize_url: string }>;
  disconnect: Mutation<void>;
  canDisconnect: boolean;
  /** What the connection does, between the state and the buttons. */
  about: ReactNode;
  /** What follows the buttons. */
  children?: ReactNode;
}

/** A built-in chat connection: its state, why it stopped, and the buttons that connect the channel (on the platform's consent page) or forget it. */
export function ChatConnectionCard({
  title,
  badgeName,
  badgeVariant,
  status,
  failure,
  connectLabel,
  connect,
  disconnect,
  canDisconnect,
  about,
  children,
}: ChatConnectionCardProps) {
  const state = STATE_LABELS[status.state];
  const onConnect = () => connect.mutate(undefined, { onSuccess: ({ authorize_url }) => window.location.assign(authorize_url), onError: (error) => toastError(error.message) });

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Badge color={state.color} variant={badgeVariant} aria-label={badgeName}>
            {state.text}
          </Badge>
        </Group>
        {failure && <Alert color="red">{failure}</Alert>}
        {status.reason && (
          <Text size="sm" role="status">
            {status.reason}
          </Text>
        )}
        {about}
        {status.state !== "not_configured" && (
          <Group gap="sm">
            <Button onClick={onConnect} loading={connect.isPending} variant={status.connected ? "default" : "filled"}>
              {status.connected ? "Connect again" : connectLabel}
            </Button>
            {canDisconnect && (
              <Button variant="subtle" color="red" onClick={() => disconnect.mutate()} loading={disconnect.isPending}>
                Disconnect
              </Button>
            )}
          </Group>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
