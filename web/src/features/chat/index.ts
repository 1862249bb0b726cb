/** The chat bot commands the host copies into Nightbot, StreamElements or Fossabot. */
export { ChatCommands } from "./components/chat-commands";
