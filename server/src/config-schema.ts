import { z } from "zod";
import { PASSWORD_HASH_COSTS } from "./lib/passwords";

const boolean = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** Every setting the server reads, validated once at start. The README lists them all. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Start of every Redis key and channel this app uses; instances that share it share live events, limits and job leases. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/)
    .default("livequeue"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Proxies in front of the app: a hop count (1 for one nginx or Caddy) or their addresses/CIDRs; see lib/trust-proxy.ts. */
  TRUST_PROXY: z.string().default("false"),
  /** Other host names (host or host:port, comma-separated) the app may name itself by besides PUBLIC_URL's. */
  ALLOWED_HOSTS: z
    .string()
    .regex(/^\s*([\w.-]+|\[[\da-fA-F:.]+\])(:\d{1,5})?\s*(,\s*([\w.-]+|\[[\da-fA-F:.]+\])(:\d{1,5})?\s*)*$/, "must be host names or host:port, comma-separated")
    .optional(),
  CHECK_RESPONSES: boolean.default(false),
  /** Address people use to reach this app; used in e-mail links and OAuth redirects. */
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /**
   * log2 of scrypt's N for new password hashes (15: about 50-170 ms and 32 MB a hash). Hashes made at
   * another cost still verify. The tests use 10: they hash hundreds of passwords.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(PASSWORD_HASH_COSTS.min).max(PASSWORD_HASH_COSTS.max).default(PASSWORD_HASH_COSTS.default),
  /** Signing key for access and refresh tokens; generated into DATA_DIR when absent. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  ADMIN_SESSION_CHECK_SECONDS: z.coerce.number().positive().default(10),
  WEB_DIST_DIR: z.string().default("./dist/web"),
  /** Requests per client IP in each window; see plugins/rate-limit.ts for which routes use which. */
  RATE_LIMIT_LOGIN_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_SUBMIT_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_SUBMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_API_MAX: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_API_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** POST analytics/events per client. */
  RATE_LIMIT_EVENTS_MAX: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_EVENTS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Chat commands, counted per stream secret: a busy chat's bots, not one client. */
  RATE_LIMIT_CHAT_MAX: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_CHAT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Failed sign-ins per account name, from any number of addresses, before that name is refused until its window ends. */
  RATE_LIMIT_ACCOUNT_LOGIN_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_ACCOUNT_LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(15 * 60),
  /** Live sockets (/ws/public and /ws/admin together) from one address (IPv6: one /64), and on this instance. */
  WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(8000),
  WS_MAX_SOCKETS: z.coerce.number().int().min(1).default(30000),
  /** Messages a client may send on one socket each second; past it the socket is closed with 1008. */
  WS_MAX_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).default(20),
  /** Longest a whole request may take (a 100 MB upload on a slow line included). */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** A connection that sends and receives nothing this long is closed (a stalled upload, a silent client). */
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Longest a client may take to send its request headers. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Google sign-in: the OAuth client of this app; without GOOGLE_CLIENT_ID, Google sign-in answers that it is not configured. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Needed only for the redirect flow (auth/google/start -> callback). */
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where Google's ID-token signing keys, OAuth endpoints and the video API live; tests point them at a local fake. */
  GOOGLE_JWKS_URL: z.string().url().default("https://www.googleapis.com/oauth2/v3/certs"),
  GOOGLE_AUTH_URL: z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  YOUTUBE_API_BASE: z.string().url().default("https://www.googleapis.com/youtube/v3"),
  /** The host's player loads each platform's player script from here (tests point them at local fakes with the same API). */
  YOUTUBE_IFRAME_API_URL: z.string().url().default("https://www.youtube.com/iframe_api"),
  SOUNDCLOUD_WIDGET_API_URL: z.string().url().default("https://w.soundcloud.com/player/api.js"),
  SOUNDCLOUD_WIDGET_URL: z.string().url().default("https://w.soundcloud.com/player/"),
  SPOTIFY_IFRAME_API_URL: z.string().url().default("https://open.spotify.com/embed/iframe-api/v1"),
  /** YouTube Data API key used to ask whether the stream is live; without it /live says no stream is live. */
  YOUTUBE_API_KEY: z.string().min(1).optional(),
  /** How long to wait for the YouTube Data API before counting the stream as not live. */
  YOUTUBE_API_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Least time between two searches of a channel link for its live video (100 quota units each). */
  YOUTUBE_CHANNEL_SEARCH_SECONDS: z.coerce.number().int().min(30).max(86_400).default(1200),
  /** Key that encrypts the stored Google tokens of the YouTube chat connection; generated into DATA_DIR when absent. */
  YOUTUBE_CHAT_TOKEN_KEY: z.string().min(32).optional(),
  /** The least wait between two reads of the live chat, whatever YouTube's pollingIntervalMillis says (each read costs 5 quota units). */
  YOUTUBE_CHAT_MIN_POLL_SECONDS: z.coerce.number().min(0).max(600).default(5),
  /** How often to look for an active broadcast while the stream is offline (1 quota unit a look). */
  YOUTUBE_CHAT_OFFLINE_CHECK_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** Data API units a day the song details of links may spend (videos.list costs 1 for up to 50 videos); the count starts again at midnight Pacific. */
  YOUTUBE_DAILY_QUOTA_UNITS: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** Where SoundCloud's and Spotify's oEmbed endpoints live (a link's title and thumbnail); tests point them at a local fake. */
  SOUNDCLOUD_OEMBED_URL: z.string().url().default("https://soundcloud.com/oembed"),
  SPOTIFY_OEMBED_URL: z.string().url().default("https://open.spotify.com/oembed"),
  OEMBED_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** How long looked-up song details count as fresh; a live entry's older details are looked up again. */
  SONG_DETAILS_FRESH_HOURS: z.coerce.number().min(1).default(168),
  /**
   * Where song thumbnails may be shown from (origins, `*.` for any subdomain, comma-separated): a
   * thumbnail elsewhere is dropped, and the pages' Content-Security-Policy allows exactly these.
   */
  SONG_THUMBNAIL_ORIGINS: z
    .string()
    .regex(/^\s*https?:\/\/[\w.*:[\]-]+\s*(,\s*https?:\/\/[\w.*:[\]-]+\s*)*$/, "must be origins like https://i.ytimg.com, comma-separated")
    .default("https://i.ytimg.com,https://*.sndcdn.com,https://i.scdn.co,https://*.spotifycdn.com"),
  /** Twitch app (dev.twitch.tv console); without TWITCH_CLIENT_ID the Twitch connection and sign-in say they are not configured. */
  TWITCH_CLIENT_ID: z.string().min(1).optional(),
  TWITCH_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where Twitch's OAuth/OIDC endpoints, Helix and EventSub live; tests point them at a local fake. */
  TWITCH_AUTH_URL: z.string().url().default("https://id.twitch.tv/oauth2"),
  TWITCH_API_URL: z.string().url().default("https://api.twitch.tv/helix"),
  TWITCH_EVENTSUB_WS_URL: z
    .string()
    .regex(/^wss?:\/\//, "must start with ws:// or wss://")
    .default("wss://eventsub.wss.twitch.tv/ws"),
  /** Key that encrypts the stored Twitch tokens; generated into DATA_DIR when absent. */
  TWITCH_TOKEN_KEY: z.string().min(32).optional(),
  /** Fossabot's API, asked once per $(customapi) call to prove the call came from Fossabot; tests point it at a local fake. */
  FOSSABOT_API_BASE: z.string().url().default("https://api.fossabot.com/v2"),
  /** Fossabot waits 5 s for the whole answer: its two proof calls must leave time for ours. */
  FOSSABOT_API_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  /** clamd to scan uploads with (tcp://host:port); without it uploads get the audio checks only. */
  CLAMAV_URL: z
    .string()
    .regex(/^tcp:\/\/[^/:]+(:\d+)?\/?$/, "must look like tcp://host:3310")
    .optional(),
  /** Address shown to people whose upload failed, to send the file to instead. */
  UPLOAD_FALLBACK_EMAIL: z.string().email().optional(),
  /** Mail server as smtp://user:pass@host:587 or smtps://...; without it mails are written to DATA_DIR/outbox-mail/ as .eml files. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  /** Sender of every mail. */
  MAIL_FROM: z.string().min(3).default("LiveQueue <no-reply@localhost>"),
  /** The host's name as mails sign it. */
  STREAMER_NAME: z.string().min(1).max(80).default("LiveQueue"),
  /** How long a presigned upload URL works. */
  UPLOAD_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  /** How long the signed download URL handed to admins works (the audio player seeks with it). */
  FILE_DOWNLOAD_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(6 * 3600),
  /** How long a file is kept after the last entry that used it was played or removed. */
  FILE_RETENTION_HOURS: z.coerce.number().min(0).default(72),
  /** Megabytes of uploads one client address may have waiting (not yet used by an entry or draft, or not yet scanned). */
  UPLOAD_PENDING_MB_PER_ADDRESS: z.coerce.number().int().min(100).default(300),
  /** Megabytes of such waiting uploads from everyone together. */
  UPLOAD_PENDING_MB_TOTAL: z.coerce.number().int().min(100).default(2048),
  /** The ffmpeg that decodes uploads whole and measures their loudness (Debian: apt-get install ffmpeg). */
  FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
  /** Seconds one upload's decode may take before its scan is tried again later. */
  FFMPEG_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** The loudness every upload plays at (EBU R128 integrated, LUFS); streaming services use -14. */
  LOUDNESS_TARGET_LUFS: z.coerce.number().min(-40).max(-5).default(-14),
  /** Files each instance scans at once (smallest first). */
  UPLOAD_SCAN_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Keeps uploads in this S3-compatible bucket instead of DATA_DIR/uploads, so every instance reaches them. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name")
    .optional(),
  /** Address of an S3-compatible service (MinIO, R2, …); AWS S3 itself when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** Both or neither; without them the AWS SDK's usual credential chain applies (AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address objects as endpoint/bucket/key (most self-hosted stores) instead of bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: boolean.default(false),
  /** Start of every object key the app writes in the bucket. */
  S3_KEY_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, "must be empty or folder names each ending in /")
    .default("uploads/"),
  /** Give the host's player presigned GET URLs of the bucket (the browser must reach S3_ENDPOINT) instead of the app's download URL. */
  S3_PRESIGNED_DOWNLOADS: boolean.default(false),
});
