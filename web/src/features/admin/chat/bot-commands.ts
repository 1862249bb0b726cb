import type { ChatCommand } from "@common/moderation";

export const CHAT_BOTS = ["Nightbot", "StreamElements", "Fossabot"] as const;
export type ChatBot = (typeof CHAT_BOTS)[number];

/** The chat command each endpoint answers, and how a viewer uses it. */
export const COMMAND_HELP: Record<ChatCommand, string> = {
  song: "The song playing now, and who requested it",
  next: "The next song up",
  queue: "How many songs wait, and how long a new request waits",
  position: "Where a viewer's song is: !position for your own, !position name for someone else's",
  link: "Where to send a song",
  sr: "Request a song: !sr link (or !sr song name when search by name is on)",
  wrongsong: "Take your own request back out of the queue",
  skip: "Vote to skip the song playing (not available yet: says so in chat)",
};

/** What each command passes besides the caller: the words after !sr, or the name after !position. */
const ARGUMENT: Partial<Record<ChatCommand, "q" | "name">> = { sr: "q", position: "name" };
/** Commands that need to know who called: StreamElements says it only through ${user} in the URL. */
const NEEDS_CALLER: readonly ChatCommand[] = ["sr", "wrongsong", "position"];

/**
 * The text to paste in chat to add `command` to `bot`: each bot's own way to fetch a URL and post the
 * answer. Nightbot and Fossabot send who called in their own headers; StreamElements passes ${user}.
 */
export function botCommandText(bot: ChatBot, command: ChatCommand, url: string): string {
  const argument = ARGUMENT[command];
  switch (bot) {
    case "Nightbot":
      return `!addcom !${command} $(urlfetch ${argument ? `${url}?${argument}=$(querystring)` : url})`;
    case "StreamElements": {
      const params = [...(NEEDS_CALLER.includes(command) ? ["user=${queryescape ${user}}"] : []), ...(argument ? [`${argument}=\${queryescape \${1:}}`] : [])];
      return `!command add !${command} \${customapi.${params.length ? `${url}?${params.join("&")}` : url}}`;
    }
    case "Fossabot":
      return `!addcmd !${command} $(customapi ${argument ? `${url}?${argument}=$(querystring)` : url})`;
  }
}
