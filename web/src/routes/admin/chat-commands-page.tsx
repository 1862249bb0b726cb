import { Loader } from "@mantine/core";
import { Suspense } from "react";
import { AdminPage } from "../../features/admin-shell";
import { ChatCommands } from "../../features/chat";

export function ChatCommandsPage() {
  return (
    <AdminPage title="Chat Commands" kind="reading" intro="Viewers request songs with !sr link, take theirs back with !wrongsong, and ask !song, !next, !queue, !position or !link: your bot answers from the live queue in one line.">
      <Suspense fallback={<Loader aria-label="Loading the chat commands" />}>
        <ChatCommands />
      </Suspense>
    </AdminPage>
  );
}
