import path from "node:path";
import { envSchema } from "./config-schema";
import { parseTrustProxy } from "./lib/trust-proxy";

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid settings:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  const trustProxy = parseTrustProxy(values.TRUST_PROXY);
  if ("error" in trustProxy) throw new Error(`Invalid settings:\n  TRUST_PROXY: ${trustProxy.error}`);
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid settings:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither");
  }
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    sqliteFile: path.join(path.resolve(values.DATA_DIR), "livequeue.db"),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    logLevel: values.LOG_LEVEL,
    trustProxy: trustProxy.value,
    /** What start-up should warn about: settings read in a way their writer may not have meant. */
    warnings: [
      trustProxy.warning,
      trustProxy.value !== false && !values.PUBLIC_URL
        ? "TRUST_PROXY is set but PUBLIC_URL is not: links, upload addresses and Google's redirect will name http://localhost instead of your site"
        : null,
    ].filter((warning): warning is string => warning !== null),
    /** Also check every answer against its zod schema (a mismatch is a logged 500); the tests turn it on. */
    checkResponses: values.CHECK_RESPONSES,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    /** PUBLIC_URL as set; null when unset, and then the served app and Google's redirect use the origin each request came to. */
    configuredPublicUrl: values.PUBLIC_URL ?? null,
    /** ALLOWED_HOSTS, lower-cased: besides PUBLIC_URL's host, the only hosts the app builds its own addresses from. */
    allowedHosts: (values.ALLOWED_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    adminUsername: values.ADMIN_USERNAME,
    adminPassword: values.ADMIN_PASSWORD,
    passwordHashCost: values.PASSWORD_HASH_COST,
    jwtSecret: values.JWT_SECRET,
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: values.REFRESH_TOKEN_TTL_SECONDS,
    /** How often each instance checks that its open admin sockets' logins were not ended (by the CLI, in another process). */
    adminSessionCheckSeconds: values.ADMIN_SESSION_CHECK_SECONDS,
    webDistDir: path.resolve(values.WEB_DIST_DIR),
    google: {
      clientId: values.GOOGLE_CLIENT_ID,
      clientSecret: values.GOOGLE_CLIENT_SECRET,
      jwksUrl: values.GOOGLE_JWKS_URL,
      authUrl: values.GOOGLE_AUTH_URL,
      tokenUrl: values.GOOGLE_TOKEN_URL,
      youtubeApiBase: values.YOUTUBE_API_BASE.replace(/\/+$/, ""),
    },
    youtube: {
      apiBase: values.YOUTUBE_API_BASE.replace(/\/+$/, ""),
      apiKey: values.YOUTUBE_API_KEY ?? null,
      timeoutMs: values.YOUTUBE_API_TIMEOUT_MS,
      channelSearchIntervalMs: values.YOUTUBE_CHANNEL_SEARCH_SECONDS * 1000,
    },
    youtubeChat: {
      tokenKey: values.YOUTUBE_CHAT_TOKEN_KEY ?? null,
      minPollMs: values.YOUTUBE_CHAT_MIN_POLL_SECONDS * 1000,
      offlineCheckMs: values.YOUTUBE_CHAT_OFFLINE_CHECK_SECONDS * 1000,
    },
    songDetails: {
      dailyQuotaUnits: values.YOUTUBE_DAILY_QUOTA_UNITS,
      soundcloudOembedUrl: values.SOUNDCLOUD_OEMBED_URL,
      spotifyOembedUrl: values.SPOTIFY_OEMBED_URL,
      oembedTimeoutMs: values.OEMBED_TIMEOUT_MS,
      freshMs: values.SONG_DETAILS_FRESH_HOURS * 3600 * 1000,
      thumbnailOrigins: values.SONG_THUMBNAIL_ORIGINS.split(",")
        .map((origin) => origin.trim().replace(/\/+$/, ""))
        .filter(Boolean),
    },
    player: {
      youtubeScriptUrl: values.YOUTUBE_IFRAME_API_URL,
      soundcloudScriptUrl: values.SOUNDCLOUD_WIDGET_API_URL,
      soundcloudWidgetUrl: values.SOUNDCLOUD_WIDGET_URL,
      spotifyScriptUrl: values.SPOTIFY_IFRAME_API_URL,
    },
    twitch: {
      clientId: values.TWITCH_CLIENT_ID ?? null,
      clientSecret: values.TWITCH_CLIENT_SECRET ?? null,
      authUrl: values.TWITCH_AUTH_URL.replace(/\/+$/, ""),
      apiUrl: values.TWITCH_API_URL.replace(/\/+$/, ""),
      eventSubWsUrl: values.TWITCH_EVENTSUB_WS_URL,
      tokenKey: values.TWITCH_TOKEN_KEY ?? null,
    },
    fossabot: {
      apiBase: values.FOSSABOT_API_BASE.replace(/\/+$/, ""),
      timeoutMs: values.FOSSABOT_API_TIMEOUT_MS,
    },
    files: {
      clamavUrl: values.CLAMAV_URL,
      uploadFallbackEmail: values.UPLOAD_FALLBACK_EMAIL ?? null,
      uploadUrlTtlSeconds: values.UPLOAD_URL_TTL_SECONDS,
      downloadUrlTtlSeconds: values.FILE_DOWNLOAD_URL_TTL_SECONDS,
      retentionMs: values.FILE_RETENTION_HOURS * 3600 * 1000,
      pendingBytesPerAddress: values.UPLOAD_PENDING_MB_PER_ADDRESS * 1024 * 1024,
      pendingBytesTotal: values.UPLOAD_PENDING_MB_TOTAL * 1024 * 1024,
      scanConcurrency: values.UPLOAD_SCAN_CONCURRENCY,
      decoder: { ffmpegPath: values.FFMPEG_PATH, timeoutMs: values.FFMPEG_TIMEOUT_SECONDS * 1000 },
      loudnessTargetLufs: values.LOUDNESS_TARGET_LUFS,
      /** The bucket uploads live in; null keeps them on this instance's disk under DATA_DIR/uploads. */
      s3: values.S3_BUCKET
        ? {
            bucket: values.S3_BUCKET,
            region: values.S3_REGION,
            endpoint: values.S3_ENDPOINT ?? null,
            credentials: values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY } : null,
            forcePathStyle: values.S3_FORCE_PATH_STYLE,
            keyPrefix: values.S3_KEY_PREFIX,
            presignedDownloads: values.S3_PRESIGNED_DOWNLOADS,
          }
        : null,
    },
    mail: {
      smtpUrl: values.SMTP_URL ?? null,
      from: values.MAIL_FROM,
      streamerName: values.STREAMER_NAME,
      outboxDir: path.join(path.resolve(values.DATA_DIR), "outbox-mail"),
    },
    rateLimits: {
      login: { max: values.RATE_LIMIT_LOGIN_MAX, windowSeconds: values.RATE_LIMIT_LOGIN_WINDOW_SECONDS },
      submit: { max: values.RATE_LIMIT_SUBMIT_MAX, windowSeconds: values.RATE_LIMIT_SUBMIT_WINDOW_SECONDS },
      api: { max: values.RATE_LIMIT_API_MAX, windowSeconds: values.RATE_LIMIT_API_WINDOW_SECONDS },
      events: { max: values.RATE_LIMIT_EVENTS_MAX, windowSeconds: values.RATE_LIMIT_EVENTS_WINDOW_SECONDS },
      chat: { max: values.RATE_LIMIT_CHAT_MAX, windowSeconds: values.RATE_LIMIT_CHAT_WINDOW_SECONDS },
    },
    accountLoginLimit: { max: values.RATE_LIMIT_ACCOUNT_LOGIN_MAX, windowSeconds: values.RATE_LIMIT_ACCOUNT_LOGIN_WINDOW_SECONDS },
    sockets: {
      maxPerAddress: values.WS_MAX_SOCKETS_PER_ADDRESS,
      maxTotal: values.WS_MAX_SOCKETS,
      maxMessagesPerSecond: values.WS_MAX_MESSAGES_PER_SECOND,
    },
    http: {
      requestTimeoutMs: values.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: values.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: values.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    },
  };
}
