import { z } from "zod";
import { isWholeNumberUpTo } from "./host-limits";
import { textField } from "./text";

/**
 * The host's player (/overlay/player): one browser tab or OBS browser source plays the Now Playing
 * song, and every admin page steers it over /ws/admin. See docs/player.md.
 */

/** The player's settings, edited with the queue's on the Settings page. */
export const PLAYER_SETTING_NAMES = ["autoAdvance", "autoAdvanceGapSeconds", "songLimitSeconds"] as const;
export type PlayerSettingName = (typeof PLAYER_SETTING_NAMES)[number];

export const AUTO_ADVANCE_GAP_MAX = 30;
/** The longest per-song limit a review stream may set: an hour. */
export const SONG_LIMIT_MAX = 3600;

export const PLAYER_SETTING_DEFAULTS: Record<PlayerSettingName, string> = {
  autoAdvance: "false",
  autoAdvanceGapSeconds: "3",
  songLimitSeconds: "0",
};

export const PLAYER_MESSAGES = {
  gapRange: `The gap between songs must be a whole number of seconds from 0 to ${AUTO_ADVANCE_GAP_MAX}`,
  songLimitRange: `The per-song limit must be a whole number of seconds from 0 (off) to ${SONG_LIMIT_MAX}`,
  otherWindow: "Playing in another window",
  spotifyPreview: "Spotify plays a 30-second preview to listeners who are not signed in to Spotify in this browser.",
  cannotEmbed: "This link cannot play here. Open it in a new tab and play it there.",
  embedForbidden: "The owner of this video does not allow it to play on other sites. Open it on YouTube instead.",
  embedFailed: "The player could not load this song. Open it in a new tab instead.",
} as const;

const STATE_NOT_BOOLEAN = "State must be true or false";
const wholeSecondsUpTo = (max: number, message: string) =>
  textField({ max: 16, tooLong: message })
    .refine((v) => isWholeNumberUpTo(v, max), message)
    .transform((v) => String(Number(v)));

/** Each player setting's own rule for its `state` string. */
export const playerSettingSchemas: Record<PlayerSettingName, z.ZodType<string, string>> = {
  /** "true": when a song ends, Play next runs by itself after the gap. */
  autoAdvance: textField({ max: 16, tooLong: STATE_NOT_BOOLEAN })
    .toLowerCase()
    .refine((v) => v === "true" || v === "false", STATE_NOT_BOOLEAN),
  /** Seconds of silence between a song's end and Play next. */
  autoAdvanceGapSeconds: wholeSecondsUpTo(AUTO_ADVANCE_GAP_MAX, PLAYER_MESSAGES.gapRange),
  /** Review streams: play only the first N seconds of each song; "0" is off. */
  songLimitSeconds: wholeSecondsUpTo(SONG_LIMIT_MAX, PLAYER_MESSAGES.songLimitRange),
};

export const PLAYER_COMMANDS = ["play", "pause", "volume", "seek"] as const;
export type PlayerCommandName = (typeof PLAYER_COMMANDS)[number];

/**
 * What the player is doing: `loading` a song, `playing`, `paused`, `waiting` out the gap after a song
 * ended, `idle` with nothing Now Playing, or `blocked` on a link it cannot embed (shown with an Open button).
 */
export const PLAYER_STATUSES = ["loading", "playing", "paused", "waiting", "idle", "blocked"] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

const playerId = z.string().min(8).max(64);
const entryId = z.string().min(1).max(64);
const seconds = z
  .number()
  .finite()
  .min(0)
  .max(24 * 3600);

/** The active player's report, sent about once a second while it plays and at every change. */
export const playerStateSchema = z.object({
  player_id: playerId,
  entry_id: entryId.nullable(),
  status: z.enum(PLAYER_STATUSES),
  /** Seconds into the song. */
  position: seconds,
  /** The song's length in seconds; null until the source knows it. */
  duration: seconds.nullable(),
  /** 0-100; null for a source without volume control (Spotify). */
  volume: z.number().int().min(0).max(100).nullable(),
  /** The per-song limit in force, in seconds; null when off. */
  limit: seconds.nullable(),
});
export type PlayerState = z.infer<typeof playerStateSchema>;

/** Client messages of the player, on /ws/admin only. */
export const playerClientMessageSchemas = {
  /** A player takes over: the newest claim wins. `claimed_at` re-asserts an earlier claim after a reconnect. */
  player_claim: z.object({ type: z.literal("player_claim"), player_id: playerId, claimed_at: z.string().datetime().optional() }),
  player_state: z.object({ type: z.literal("player_state"), state: playerStateSchema }),
  /** Any admin page steers the active player; `value` is the volume (0-100) or the position to seek to (seconds). */
  player_command: z.object({ type: z.literal("player_command"), command: z.enum(PLAYER_COMMANDS), value: seconds.optional() }),
  /** The song `entry_id` ended (or reached the per-song limit) and the gap passed: with auto-advance on, Play next runs. */
  player_finished: z.object({ type: z.literal("player_finished"), player_id: playerId, entry_id: entryId.nullable() }),
};
export type PlayerClientMessage = { [K in keyof typeof playerClientMessageSchemas]: z.infer<(typeof playerClientMessageSchemas)[K]> }[keyof typeof playerClientMessageSchemas];
export type PlayerClientMessageMap = { [K in keyof typeof playerClientMessageSchemas]: Omit<z.infer<(typeof playerClientMessageSchemas)[K]>, "type"> };
export const isPlayerMessageType = (type: string): type is PlayerClientMessage["type"] => Object.hasOwn(playerClientMessageSchemas, type);

/** Server messages of the player, to admin sockets. */
export interface PlayerServerMessageMap {
  /**
   * A player claimed the turn (it plays if `isNewerClaim` over the one a page knows), or with a null
   * id the active player's page closed (`claimed_at` then names the claim that ended).
   */
  player_active: { player_id: string | null; claimed_at: string | null };
  /** The active player's latest report; null when none. */
  player_state: { state: PlayerState | null };
  player_command: { command: PlayerCommandName; value?: number };
}

export interface PlayerClaim {
  player_id: string;
  claimed_at: string;
}

/**
 * Whether `claim` wins over `than`: the later claim, equal times broken by the id, so every instance
 * and every page picks the same player whatever order the claims reach them in.
 */
export const isNewerClaim = (claim: PlayerClaim, than: PlayerClaim | null) =>
  !than || claim.claimed_at > than.claimed_at || (claim.claimed_at === than.claimed_at && claim.player_id > than.player_id);

/** GET player/config: where the player loads each platform's script from (a setting, so tests serve a fake). */
export const playerConfigSchema = z.object({
  youtube_script_url: z.string(),
  soundcloud_script_url: z.string(),
  soundcloud_widget_url: z.string(),
  spotify_script_url: z.string(),
});
export type PlayerConfig = z.infer<typeof playerConfigSchema>;

/** GET player/status: which player plays and its latest report, for an admin page that just opened. */
export const playerStatusSchema = z.object({
  player_id: z.string().nullable(),
  claimed_at: z.string().nullable(),
  state: playerStateSchema.nullable(),
});
export type PlayerStatusInfo = z.infer<typeof playerStatusSchema>;

/** Seconds left before the song ends or reaches the per-song limit; null while the length is unknown. */
export function timeLeft(state: Pick<PlayerState, "position" | "duration" | "limit">): number | null {
  const ends = [state.duration, state.limit].filter((value): value is number => value !== null && value > 0);
  if (ends.length === 0) return null;
  return Math.max(0, Math.min(...ends) - state.position);
}

/** 3:07; 1:02:03 past an hour. */
export function clockText(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}
