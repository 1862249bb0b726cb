import { z } from "zod";

/**
 * What the server found out about a linked song from its platform (YouTube's Data API, SoundCloud's
 * and Spotify's oEmbed), shown beside what the submitter typed. Fields the platform does not give are null.
 */
export const songDetailsSchema = z.object({
  /** False when the platform knows no such song (an unknown, deleted or private video). */
  available: z.boolean(),
  title: z.string().nullable(),
  /** The YouTube channel or the oEmbed author. */
  channel: z.string().nullable(),
  /** Seconds; YouTube only. */
  duration_seconds: z.number().int().nullable(),
  thumbnail_url: z.string().nullable(),
  /** Whether the owner lets the video play in other sites' players; YouTube only. */
  embeddable: z.boolean().nullable(),
  /** YouTube's age restriction (ytAgeRestricted); YouTube only. */
  age_restricted: z.boolean().nullable(),
});
export type SongDetails = z.infer<typeof songDetailsSchema>;

/** The YouTube Data API units spent today against the host's daily budget (GET admin/song-details/quota). */
export const youtubeQuotaSchema = z.object({
  /** Whether a YouTube API key is configured; without one nothing is looked up. */
  configured: z.boolean(),
  units_used: z.number().int(),
  budget: z.number().int(),
  /** YouTube's quota day (YYYY-MM-DD, Pacific time). */
  day: z.string(),
  /** When the day's count starts again: midnight Pacific time, as ISO 8601 UTC. */
  resets_at: z.string(),
});
export type YoutubeQuota = z.infer<typeof youtubeQuotaSchema>;
