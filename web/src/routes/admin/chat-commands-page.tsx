import { Loader } from "@mantine/core";
import { Suspense } from "react";
import { AdminPage } from "../../features/admin-shell";
import { ChatCommands } from "../../features/chat";

export function ChatCommandsPage() {
  return (
    <AdminPage title="Chat Commands" kind="reading" intro="Viewers type !song, !next, !queue, !position name or !link in chat, and your bot answers from the live queue.">
      <Suspense fallback={<Loader aria-label="Loading the chat commands" />}>
        <ChatCommands />
      </Suspense>
    </AdminPage>
  );
}
