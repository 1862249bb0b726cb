/**
 * Limits the host sets on submissions (stored as settings): how many songs a person may send per
 * stream, how long an uploaded song may be, and words that titles and notes may not contain.
 */

/** Most submissions per person per stream a host can set; 0 means no limit. */
export const SUBMISSIONS_PER_STREAM_MAX = 100;
/** Longest song-length limit a host can set, in seconds (6 hours); 0 means no limit. */
export const MAX_SONG_SECONDS_MAX = 6 * 3600;
/** Longest words list, in characters. */
export const BLOCKED_WORDS_MAX_LENGTH = 2000;

export const HOST_LIMIT_MESSAGES = {
  submissionsPerStreamRange: `Submissions per stream must be a whole number from 0 (no limit) to ${SUBMISSIONS_PER_STREAM_MAX}`,
  maxSongSecondsRange: `Maximum song length must be a whole number of seconds from 0 (no limit) to ${MAX_SONG_SECONDS_MAX}`,
  blockedWordsTooLong: `The words list must be at most ${BLOCKED_WORDS_MAX_LENGTH} characters`,
} as const;

/** A whole number in 0..max, as a setting state; anything else is refused with `message`. */
export const isWholeNumberUpTo = (value: string, max: number) => /^\d{1,9}$/.test(value) && Number(value) <= max;

/** The words of a stored list: one per line or comma-separated, compared lowercased. */
export function parseBlockedWords(stored: string | null): string[] {
  if (!stored) return [];
  return [
    ...new Set(
      stored
        .split(/[\n,]/)
        .map((word) => word.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase())
        .filter((word) => word !== ""),
    ),
  ];
}

/** The list as it is stored: one word or phrase a line, lowercased, without repeats. */
export const normalizeBlockedWords = (raw: string) => parseBlockedWords(raw).join("\n");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The first listed word or phrase that appears in `texts` as a whole word (any case), or null:
 * "ass" is found in "Kick Ass" but not in "Class".
 */
export function findBlockedWord(texts: (string | null | undefined)[], words: string[]): string | null {
  if (words.length === 0) return null;
  const haystack = texts
    .filter((text): text is string => !!text)
    .map((text) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, " "))
    .join("\n");
  return words.find((word) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, "u").test(haystack)) ?? null;
}

/** "3:07", or "1:02:05" from an hour. */
export function formatSongLength(totalSeconds: number): string {
  // Rounded up, so a song a fraction over the limit never reads as exactly the limit.
  const seconds = Math.ceil(totalSeconds);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
