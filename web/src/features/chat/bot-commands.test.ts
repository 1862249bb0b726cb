import { describe, expect, it } from "vitest";
import { botCommandText } from "./bot-commands";

const URL = "https://queue.example.com/api/v1/chat/SECRET/song";

describe("the text to paste for each bot", () => {
  it.each([
    ["Nightbot", "song", URL, "!addcom !song $(urlfetch https://queue.example.com/api/v1/chat/SECRET/song)"],
    ["StreamElements", "song", URL, "!command add !song ${customapi.https://queue.example.com/api/v1/chat/SECRET/song}"],
    ["Fossabot", "song", URL, "!addcmd !song $(customapi https://queue.example.com/api/v1/chat/SECRET/song)"],
    ["Nightbot", "position", "https://h/p", "!addcom !position $(urlfetch https://h/p?name=$(querystring))"],
    ["StreamElements", "position", "https://h/p", "!command add !position ${customapi.https://h/p?name=${queryescape ${1:}}}"],
    ["Fossabot", "position", "https://h/p", "!addcmd !position $(customapi https://h/p?name=$(querystring))"],
  ] as const)("%s !%s", (bot, command, url, text) => {
    expect(botCommandText(bot, command, url)).toBe(text);
  });
});
