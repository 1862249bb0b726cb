/** What a platform said about a linked song, by the link's canonical key ("youtube:VIDEOID", "spotify:track:ID", …). */
export interface SongDetailsTable {
  canonical_key: string;
  /** 0 when the platform knows no such song (an unknown or private video): looked up, nothing to show. */
  available: number;
  title: string | null;
  channel: string | null;
  duration_seconds: number | null;
  thumbnail_url: string | null;
  embeddable: number | null;
  age_restricted: number | null;
  /** When it was looked up; older than SONG_DETAILS_FRESH_HOURS, a live entry's details are looked up again. */
  fetched_at: string;
}

export interface YoutubeQuotaDaysTable {
  /** YYYY-MM-DD in America/Los_Angeles, the day YouTube's quota resets on. */
  day: string;
  units_used: number;
}

export interface SongDetailsTables {
  song_details: SongDetailsTable;
  youtube_quota_days: YoutubeQuotaDaysTable;
}
