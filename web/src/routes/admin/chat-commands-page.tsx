import { Loader } from "@mantine/core";
import { Suspense } from "react";
import { useSearchParams } from "react-router";
import { AdminPage } from "../../features/admin-shell";
import { ChatCommands } from "../../features/chat";
import { TwitchConnection } from "../../features/twitch";
import { YoutubeChatConnection } from "../../features/youtube-chat";

export function ChatCommandsPage() {
  const [search] = useSearchParams();
  return (
    <AdminPage
      title="Chat Commands"
      kind="reading"
      intro="Viewers request songs with !sr link, take theirs back with !wrongsong, and ask !song, !next, !queue, !position or !link: your bot answers from the live queue in one line."
    >
      <Suspense fallback={<Loader aria-label="Loading the Twitch connection" />}>
        <TwitchConnection landed={search.get("twitch")} />
      </Suspense>
      <Suspense fallback={<Loader aria-label="Loading the YouTube chat connection" />}>
        <YoutubeChatConnection landed={search.get("youtube")} landedError={search.get("youtube_error")} />
      </Suspense>
      <Suspense fallback={<Loader aria-label="Loading the chat commands" />}>
        <ChatCommands />
      </Suspense>
    </AdminPage>
  );
}
