/** The live stream's link and how it is embedded. */
export { streamKeys, streamLinkQuery } from "./api";
export { streamEmbeds, youtubeVideoId } from "./youtube";
