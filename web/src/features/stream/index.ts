/** The live stream: whether it is on air and how it is embedded. */
export { liveStreamQuery, streamKeys, useLiveStream, useStreamLive } from "./api";
export { StreamLiveBadge } from "./stream-live-badge";
export { playerStateOf, useYouTubePlaying } from "./use-youtube-playing";
