import { describe, expect, it } from "vitest";
import { botCommandText } from "./bot-commands";

const URL = "https://queue.example.com/api/v1/chat/SECRET/song";

describe("the text to paste for each bot", () => {
  it.each([
    ["Nightbot", "song", URL, "!addcom !song $(urlfetch https://queue.example.com/api/v1/chat/SECRET/song)"],
    ["StreamElements", "song", URL, "!command add !song ${customapi.https://queue.example.com/api/v1/chat/SECRET/song}"],
    ["Fossabot", "song", URL, "!addcmd !song $(customapi https://queue.example.com/api/v1/chat/SECRET/song)"],
    ["Nightbot", "position", "https://h/p", "!addcom !position $(urlfetch https://h/p?name=$(querystring))"],
    ["StreamElements", "position", "https://h/p", "!command add !position ${customapi.https://h/p?user=${queryescape ${user}}&name=${queryescape ${1:}}}"],
    ["Fossabot", "position", "https://h/p", "!addcmd !position $(customapi https://h/p?name=$(querystring))"],
    ["Nightbot", "sr", "https://h/sr", "!addcom !sr $(urlfetch https://h/sr?q=$(querystring))"],
    ["StreamElements", "sr", "https://h/sr", "!command add !sr ${customapi.https://h/sr?user=${queryescape ${user}}&q=${queryescape ${1:}}}"],
    ["Fossabot", "sr", "https://h/sr", "!addcmd !sr $(customapi https://h/sr?q=$(querystring))"],
    ["Nightbot", "wrongsong", "https://h/w", "!addcom !wrongsong $(urlfetch https://h/w)"],
    ["StreamElements", "wrongsong", "https://h/w", "!command add !wrongsong ${customapi.https://h/w?user=${queryescape ${user}}}"],
    ["Fossabot", "skip", "https://h/s", "!addcmd !skip $(customapi https://h/s)"],
  ] as const)("%s !%s", (bot, command, url, text) => {
    expect(botCommandText(bot, command, url)).toBe(text);
  });
});
