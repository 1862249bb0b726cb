/** The host's Twitch connection on the Chat Commands page: connect, its status, the channel-point rewards. */
export { TwitchConnection } from "./components/twitch-connection";
