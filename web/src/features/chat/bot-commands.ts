import type { ChatCommand } from "@common/moderation";

export const CHAT_BOTS = ["Nightbot", "StreamElements", "Fossabot"] as const;
export type ChatBot = (typeof CHAT_BOTS)[number];

/** The chat command each endpoint answers, and how a viewer uses it. */
export const COMMAND_HELP: Record<ChatCommand, string> = {
  song: "The song playing now, and who requested it",
  next: "The next song up",
  queue: "How many songs wait, and how long a new request waits",
  position: "Where a viewer's song is: !position name",
  link: "Where to send a song",
};

/**
 * The text to paste in chat to add `command` to `bot`: each bot's own way to fetch a URL and post
 * the answer. !position passes what the viewer typed after the command as the name.
 */
export function botCommandText(bot: ChatBot, command: ChatCommand, url: string): string {
  switch (bot) {
    case "Nightbot":
      return `!addcom !${command} $(urlfetch ${command === "position" ? `${url}?name=$(querystring)` : url})`;
    case "StreamElements":
      return `!command add !${command} \${customapi.${command === "position" ? `${url}?name=\${queryescape \${1:}}` : url}}`;
    case "Fossabot":
      return `!addcmd !${command} $(customapi ${command === "position" ? `${url}?name=$(querystring)` : url})`;
  }
}
