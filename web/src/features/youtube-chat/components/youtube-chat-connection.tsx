import { Text } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { YOUTUBE_CHAT_MESSAGES } from "@common/youtube-chat";
import { ChatConnectionCard } from "../../../components/chat-connection-card";
import { useConnectYoutubeChat, useDisconnectYoutubeChat, youtubeChatStatusQuery } from "../api";

/** The built-in YouTube live chat connection: connect the channel once with Google, see how its chat is read. */
export function YoutubeChatConnection({ landed, landedError }: { landed: string | null; landedError: string | null }) {
  const { data } = useSuspenseQuery(youtubeChatStatusQuery());
  const connect = useConnectYoutubeChat();
  const disconnect = useDisconnectYoutubeChat();

  return (
    <ChatConnectionCard
      title="YouTube live chat"
      badgeName="YouTube chat connection state"
      status={{ state: data.state, reason: data.reason, connected: !!data.channel }}
      failure={landed === "failed" ? landedError || YOUTUBE_CHAT_MESSAGES.connectFailed : null}
      connectLabel="Connect YouTube"
      connect={connect}
      disconnect={disconnect}
      canDisconnect={data.state !== "not_connected"}
      about={
        data.channel ? (
          <Text size="sm">
            Channel: <strong>{data.channel.title}</strong>. While you are live, viewers type !sr with a link in your live chat; the answers come from your channel.
          </Text>
        ) : (
          data.state === "not_connected" && (
            <Text size="sm" c="dimmed">
              No bot needed: connect the YouTube channel you stream on and LiveQueue reads its live chat whenever you are live.
            </Text>
          )
        )
      }
    />
  );
}
