/** The live connection as the features see it: the providers, the connection state and typed messages. */
export { ConnectionStatus, shownLiveState } from "./connection-status";
export { LiveNotices } from "./live-notices";
export { LiveProvider, PublicLiveProvider, useLive, useLiveChannel, useLiveMessage } from "./live-provider";
