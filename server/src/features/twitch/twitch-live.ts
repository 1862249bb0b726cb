import type { TwitchChannel } from "./twitch-channel";

/** Whether a Twitch channel is live now (Helix Get Streams), with the connected channel's token or the app's own. */
export function createTwitchLive(channel: TwitchChannel): { isLive(login: string): Promise<boolean> } | undefined {
  const api = channel.api;
  if (!api) return undefined;
  return {
    async isLive(login) {
      return (await (await api()).streams.getStreamByUserName(login)) !== null;
    },
  };
}
