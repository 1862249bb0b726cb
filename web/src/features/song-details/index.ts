/** Song details for links: the host's view of the YouTube quota they spend. */
export { YoutubeQuotaCard } from "./components/youtube-quota-card";
export { youtubeQuotaQuery } from "./api";
