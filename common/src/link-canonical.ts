/**
 * One song, one key: the many address forms of a track on the big platforms reduce to one canonical
 * key, so `youtu.be/x`, `youtube.com/watch?v=x&t=30` and `music.youtube.com/watch?v=x` are one song.
 * No DNS lookups: a link is judged by what it says.
 */

export const LINK_PLATFORMS = ["youtube", "soundcloud", "spotify", "bandcamp", "apple_music", "web", "upload"] as const;
export type LinkPlatform = (typeof LINK_PLATFORMS)[number];

export const LINK_PLATFORM_LABELS: Record<LinkPlatform, string> = {
  youtube: "YouTube",
  soundcloud: "SoundCloud",
  spotify: "Spotify",
  bandcamp: "Bandcamp",
  apple_music: "Apple Music",
  web: "Web link",
  upload: "Upload",
};

export interface CanonicalLink {
  /**
   * "youtube:VIDEOID", "spotify:track:ID", …, or for any other site its host, path and sorted query
   * without tracking parameters ("example.com/play?id=1").
   */
  key: string;
  platform: LinkPlatform;
  /** The YouTube video id, else null. */
  videoId: string | null;
  /** A plain address of the same song; it has the same key. */
  url: string;
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const SPOTIFY_KINDS = new Set(["track", "album", "playlist", "episode", "show", "artist"]);
const SPOTIFY_ID = /^[A-Za-z0-9]{10,40}$/;
const HOST_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const PRIVATE_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".localdomain"];

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw.trim());
  } catch {
    return null;
  }
}

function isPrivateIpv4(host: string): boolean {
  const match = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (!match) return false;
  const [a, b] = [Number(match[1]), Number(match[2])];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && Number(match[3]) === 0) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

/** Loopback, private, link-local and reserved addresses, and names that only resolve on a local network. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[")) {
    // Only global unicast (2000::/3) is public; this also refuses ::1, ::, fc00::/7, fe80::/10 and IPv4-mapped forms.
    return !/^\[[23][0-9a-f]{0,3}:/.test(host) || host.startsWith("[2001:db8:");
  }
  if (host === "localhost" || PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  return isPrivateIpv4(host);
}

/** A public host name or address: at least two labels, each well formed. */
function isPublicHost(host: string): boolean {
  if (host.startsWith("[")) return !isPrivateHost(host);
  const labels = host.split(".");
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label)) && !isPrivateHost(host);
}

const pathParts = (url: URL) => url.pathname.split("/").filter((part) => part !== "");
const stripWww = (host: string) => host.replace(/^www\./, "");

/** YouTube paths that name one video: `/watch?v=ID`, `/shorts/ID`, `/embed/ID`, … and `youtu.be/ID`. */
const YOUTUBE_VIDEO_PATHS = ["watch", "shorts", "embed", "live", "v", "e"];

/**
 * The key of a YouTube video address; null for a video address without a valid id (`/watch`,
 * `/watch?v=short`, `youtu.be/`), which is malformed rather than "some page on youtube.com";
 * undefined for other hosts and for YouTube pages that are not one video (a playlist, a channel).
 */
function youtube(url: URL, host: string): CanonicalLink | null | undefined {
  const bare = host.replace(/^(www|m|music)\./, "");
  const parts = pathParts(url);
  let id: string | null;
  if (bare === "youtu.be") id = parts[0] ?? null;
  else if (bare === "youtube.com" || bare === "youtube-nocookie.com") {
    const [kind, value] = parts;
    if (!kind || !YOUTUBE_VIDEO_PATHS.includes(kind)) return undefined;
    id = kind === "watch" ? url.searchParams.get("v") : (value ?? null);
  } else return undefined;
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { key: `youtube:${id}`, platform: "youtube", videoId: id, url: `https://www.youtube.com/watch?v=${id}` };
}

function spotify(url: URL, host: string): CanonicalLink | null {
  if (host !== "open.spotify.com" && host !== "play.spotify.com") return null;
  let parts = pathParts(url);
  if (parts[0]?.startsWith("intl-")) parts = parts.slice(1);
  if (parts[0] === "embed") parts = parts.slice(1);
  const [kind, id] = parts;
  if (!kind || !id || !SPOTIFY_KINDS.has(kind) || !SPOTIFY_ID.test(id)) return null;
  return { key: `spotify:${kind}:${id}`, platform: "spotify", videoId: null, url: `https://open.spotify.com/${kind}/${id}` };
}

function soundcloud(url: URL, host: string): CanonicalLink | null {
  if (!["soundcloud.com", "www.soundcloud.com", "m.soundcloud.com"].includes(host)) return null;
  const parts = pathParts(url).map((part) => part.toLowerCase());
  if (parts.length < 2) return null;
  const path = parts.join("/");
  return { key: `soundcloud:${path}`, platform: "soundcloud", videoId: null, url: `https://soundcloud.com/${path}` };
}

function bandcamp(url: URL, host: string): CanonicalLink | null {
  if (!host.endsWith(".bandcamp.com")) return null;
  const artist = stripWww(host).slice(0, -".bandcamp.com".length);
  const [kind, slug] = pathParts(url).map((part) => part.toLowerCase());
  if (!artist || artist.includes(".") || (kind !== "track" && kind !== "album") || !slug) return null;
  return { key: `bandcamp:${artist}/${kind}/${slug}`, platform: "bandcamp", videoId: null, url: `https://${artist}.bandcamp.com/${kind}/${slug}` };
}

function appleMusic(url: URL, host: string): CanonicalLink | null {
  if (host !== "music.apple.com" && host !== "geo.music.apple.com" && host !== "itunes.apple.com") return null;
  const parts = pathParts(url);
  const kindAt = parts.findIndex((part) => part === "album" || part === "song");
  if (kindAt < 0) return null;
  const kind = parts[kindAt];
  const id = parts.at(-1)?.replace(/^id/, "");
  const song = url.searchParams.get("i");
  if (!id || !/^\d+$/.test(id)) return null;
  if (kind === "album" && song && /^\d+$/.test(song)) {
    return { key: `apple_music:song:${song}`, platform: "apple_music", videoId: null, url: `https://music.apple.com/song/${song}` };
  }
  return { key: `apple_music:${kind}:${id}`, platform: "apple_music", videoId: null, url: `https://music.apple.com/${kind}/${id}` };
}

/**
 * Query parameters that only say where a click came from (campaign tags, ad-click ids, share ids), never
 * which page: `utm_*`, `fbclid`, `gclid`, `si`, …
 */
const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "igshid",
  "igsh",
  "mc_cid",
  "mc_eid",
  "mkt_tok",
  "si",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
]);
const isTrackingParam = (name: string) => /^utm(_|$)/i.test(name) || TRACKING_PARAMS.has(name.toLowerCase());

/** The query that tells pages apart (`play?id=1` from `play?id=2`), sorted, without tracking parameters; "" when none is left. */
function pageQuery(url: URL): string {
  const kept = [...url.searchParams].filter(([name]) => !isTrackingParam(name));
  kept.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return query ? `?${query}` : "";
}

function web(url: URL, host: string): CanonicalLink {
  const path = url.pathname.replace(/\/+$/, "");
  const where = `${stripWww(host)}${url.port ? `:${url.port}` : ""}${path}${pageQuery(url)}`;
  return { key: where, platform: "web", videoId: null, url: `${url.protocol}//${where}` };
}

/**
 * The canonical form of a submitted link, or null when it is not an http(s) URL, carries credentials,
 * points at a private or loopback address, or is malformed. Never throws.
 */
export function canonicalizeLink(raw: string): CanonicalLink | null {
  if (typeof raw !== "string" || raw.trim() === "") return null;
  const url = parseUrl(raw);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!isPublicHost(host)) return null;
  const video = youtube(url, host);
  if (video !== undefined) return video;
  return spotify(url, host) ?? soundcloud(url, host) ?? bandcamp(url, host) ?? appleMusic(url, host) ?? web(url, host);
}

const KEYED_PLATFORMS: readonly LinkPlatform[] = ["youtube", "soundcloud", "spotify", "bandcamp", "apple_music"];

/** The platform a stored canonical key belongs to; an entry without a key is an upload. */
export function platformOfKey(key: string | null): LinkPlatform {
  if (key === null) return "upload";
  return KEYED_PLATFORMS.find((platform) => key.startsWith(`${platform}:`)) ?? "web";
}

/** The YouTube video id of a stored canonical key, else null. */
export const videoIdOfKey = (key: string | null): string | null => (key?.startsWith("youtube:") ? key.slice("youtube:".length) : null);
