/** The live stream: whether it is on air and how it is embedded. */
export { liveStreamQuery, streamKeys, streamLinkQuery, useLiveStream, useStreamLive } from "./api";
export { StreamLiveBadge } from "./stream-live-badge";
export { playerStateOf, useYouTubePlaying } from "./use-youtube-playing";
