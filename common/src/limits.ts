/** Business constants shared by server and web (spec sections 9 of both documents). */

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const ALLOWED_AUDIO_EXTENSIONS = ["mp3", "wav", "m4a", "aac", "flac"] as const;
export type AudioExtension = (typeof ALLOWED_AUDIO_EXTENSIONS)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const BIO_MAX_LENGTH = 500;
export const USERNAME_PATTERN = /^[a-z0-9_]+$/;
export const USERNAME_MAX_LENGTH = 30;

/** Free-text submission fields; generous, but bounded so nobody can store megabytes of text. */
export const TEXT_FIELD_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 1000;
export const LINK_MAX_LENGTH = 2048;

export const INACTIVITY_TIMEOUT_MIN = 1;
export const INACTIVITY_TIMEOUT_MAX = 1440;
export const INACTIVITY_TIMEOUT_DEFAULT = 60;

/** Free text an admin adds when setting a priority tier. */
export const PRIORITY_REASON_MAX_LENGTH = 500;

export const PRIORITY_LEVELS = [0, 1, 2, 3] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];
export const PRIORITY_LABELS: Record<PriorityLevel, string> = {
  0: "Regular",
  1: "Premium",
  2: "VIP",
  3: "Super VIP",
};

/** Expected song length before any play history exists, in seconds. */
export const DEFAULT_SONG_SECONDS = 4 * 60;

export const COMMUNITY_PAGE_SIZE = 48;
export const USER_LIST_LIMIT = 100;
export const HISTORY_LIMIT = 10;
export const HISTORY_SHOWN = 5;
export const HISTORY_EXPANDED_LIMIT = 50;

export const LINK_DISPLAY_LENGTH = 50;
export const PREMIUM_KEYWORDS = ["donated", "donation", "priority", "prio", "paid", "skip", "venmo", "cashapp"];

/** Live connection timings (ms). */
export const LIVE = {
  reconnectBaseMs: 3000,
  reconnectFactor: 1.5,
  reconnectMaxAttempts: 5,
  /** The longest wait between two attempts of a connection that never gives up (the overlay). */
  reconnectMaxDelayMs: 30_000,
  pingMs: 30_000,
  pingSlowMs: 60_000,
  pingHiddenMs: 120_000,
  pingHiddenSlowMs: 180_000,
  stopPingAfterHiddenMs: 10 * 60_000,
  positionRefreshDelayMs: 1000,
  liveIndicatorMs: 5000,
  overviewRefreshDelayMs: 2000,
} as const;

export const ADMIN_SESSION_RESTORE_TIMEOUT_MS = 1500;
export const JUMP_HIGHLIGHT_MS = 1600;
export const SCAN_POLL_MS = 5000;

/** Live notices kept for the notification menu: the last 5 system messages and the last 10 personal notifications. */
export const KEPT_SYSTEM_MESSAGES = 5;
export const KEPT_USER_NOTIFICATIONS = 10;
