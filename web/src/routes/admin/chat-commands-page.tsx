import { useSearchParams } from "react-router";
import { AdminPage } from "../../features/admin-shell";
import { ChatCommands } from "../../features/chat";
import { TwitchConnection } from "../../features/twitch";
import { YoutubeChatConnection } from "../../features/youtube-chat";
import { LoadingBoundary } from "../../components/loading-boundary";

export function ChatCommandsPage() {
  const [search] = useSearchParams();
  return (
    <AdminPage
      title="Chat Commands"
      kind="reading"
      intro="Viewers request songs with !sr link, take theirs back with !wrongsong, and ask !song, !next, !queue, !position or !link: your bot answers from the live queue in one line."
    >
      <LoadingBoundary label="Loading the Twitch connection">
        <TwitchConnection landed={search.get("twitch")} />
      </LoadingBoundary>
      <LoadingBoundary label="Loading the YouTube chat connection">
        <YoutubeChatConnection landed={search.get("youtube")} landedError={search.get("youtube_error")} />
      </LoadingBoundary>
      <LoadingBoundary label="Loading the chat commands">
        <ChatCommands />
      </LoadingBoundary>
    </AdminPage>
  );
}
