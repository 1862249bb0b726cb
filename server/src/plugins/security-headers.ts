import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { DOCS_PREFIX } from "./openapi";

/**
 * Which policy a response gets: the OBS overlay may be framed by anyone, the host's player (an overlay
 * page too) also loads the platforms' player scripts and frames, the docs run Swagger UI, the API's
 * answers are data that load nothing, the rest is the app.
 */
export type PageKind = "app" | "api" | "overlay" | "player" | "docs";

export const PLAYER_PAGE_PATH = "/overlay/player";

const GOOGLE_SIGN_IN = "https://accounts.google.com";
const YOUTUBE_FRAMES = ["https://www.youtube.com", "https://www.youtube-nocookie.com"];
/** Google account pictures (a member's avatar after Google sign-in). */
const GOOGLE_AVATARS = "https://*.googleusercontent.com";
const HSTS = "max-age=31536000";
const API_PATH = "/api/";
/** The SoundCloud widget and Spotify's embed, which the host's player frames beside YouTube's. */
const PLAYER_FRAMES = ["https://w.soundcloud.com", "https://open.spotify.com"];

export function pageKindOf(url: string): PageKind {
  const path = url.split("?", 1)[0]!;
  if (path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`)) return "docs";
  if (path.startsWith(API_PATH)) return "api";
  if (path === PLAYER_PAGE_PATH) return "player";
  if (path === "/overlay" || path.startsWith("/overlay/")) return "overlay";
  return "app";
}

/**
 * The origin the host's player fetches audio from when S3_PRESIGNED_DOWNLOADS hands it the bucket's
 * own URLs (the address the AWS SDK signs: the endpoint, path-style or with the bucket as a subdomain).
 */
export function presignedMediaOrigin(s3: Config["files"]["s3"]): string | null {
  if (!s3?.presignedDownloads) return null;
  const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  return s3.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`;
}

/**
 * PUBLIC_URL's origin and its socket origin: the served app calls the API and opens its sockets there,
 * which differs from the page's own origin when someone reaches the site by another address.
 */
export function publicSiteOrigins(publicUrl: string | null): string[] {
  if (!publicUrl) return [];
  const { origin, protocol, host } = new URL(publicUrl);
  return [origin, `${protocol === "https:" ? "wss:" : "ws:"}//${host}`];
}

/**
 * The Content-Security-Policy of each page kind. Scripts only from this site and Google's sign-in
 * client, never inline; frames only YouTube's player and chat, Google's button and our own overlay
 * preview. Styles allow 'unsafe-inline' because Mantine writes style tags and attributes at run time
 * (a style cannot run code). Sockets are covered by 'self' (ws/wss of the page's own host).
 */
/** The origins of the player scripts and the SoundCloud widget as configured (fakes in tests). */
export function playerOrigins(player: Config["player"]): string[] {
  return [...new Set([player.youtubeScriptUrl, player.soundcloudScriptUrl, player.soundcloudWidgetUrl, player.spotifyScriptUrl].map((url) => new URL(url).origin))];
}

export function contentSecurityPolicy(
  kind: PageKind,
  options: { mediaOrigin?: string | null; siteOrigins?: string[]; imageOrigins?: string[]; playerOrigins?: string[] } = {},
): string {
  // JSON, files and redirects: nothing in them may load anything or be framed, should a browser ever
  // render one as a page. Short too, as it goes with every position lookup of a crowd.
  if (kind === "api") return "default-src 'none'; frame-ancestors 'none'";
  if (kind === "docs") {
    return [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
  }
  // Only the host's player loads the platforms' player scripts and frames.
  const player = kind === "player" ? [...new Set([...PLAYER_FRAMES, ...(options.playerOrigins ?? [])])] : [];
  const withPlayer = (list: string) => [...new Set([...list.split(" "), ...player])].join(" ");
  return [
    "default-src 'self'",
    withPlayer(`script-src 'self' ${GOOGLE_SIGN_IN}`),
    `style-src 'self' 'unsafe-inline' ${GOOGLE_SIGN_IN}`,
    // Song thumbnails come from the platforms' image hosts (SONG_THUMBNAIL_ORIGINS).
    ["img-src 'self' data: blob:", GOOGLE_AVATARS, ...(options.imageOrigins ?? [])].join(" "),
    "font-src 'self' data:",
    `media-src 'self' blob:${options.mediaOrigin ? ` ${options.mediaOrigin}` : ""}`,
    ["connect-src 'self'", ...(options.siteOrigins ?? []), GOOGLE_SIGN_IN].join(" "),
    withPlayer(`frame-src 'self' ${GOOGLE_SIGN_IN} ${YOUTUBE_FRAMES.join(" ")}`),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // OBS and other streaming tools show the overlay in a frame of their own.
    kind === "app" ? "frame-ancestors 'none'" : "frame-ancestors *",
  ].join("; ");
}

/**
 * Security headers on every answer: the CSP of its page kind, no framing outside the overlay, no type
 * sniffing, referrers cut to the origin across sites, and HSTS when the site is served over https
 * (PUBLIC_URL is https, or a trusted proxy says the request came over https).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, "configuredPublicUrl" | "files" | "songDetails" | "player">): void {
  const options = {
    mediaOrigin: presignedMediaOrigin(config.files.s3),
    siteOrigins: publicSiteOrigins(config.configuredPublicUrl),
    imageOrigins: config.songDetails.thumbnailOrigins,
    playerOrigins: playerOrigins(config.player),
  };
  const policies: Record<PageKind, string> = {
    app: contentSecurityPolicy("app", options),
    api: contentSecurityPolicy("api"),
    overlay: contentSecurityPolicy("overlay", options),
    player: contentSecurityPolicy("player", options),
    docs: contentSecurityPolicy("docs"),
  };
  const httpsSite = config.configuredPublicUrl?.startsWith("https://") ?? false;
  const overHttps = (request: FastifyRequest) => httpsSite || request.protocol === "https";

  app.addHook("onRequest", (request, reply, done) => {
    const kind = pageKindOf(request.url);
    reply.header("Content-Security-Policy", policies[kind]);
    if (kind === "app" || kind === "api" || kind === "docs") reply.header("X-Frame-Options", "DENY");
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (overHttps(request)) reply.header("Strict-Transport-Security", HSTS);
    done();
  });
}
