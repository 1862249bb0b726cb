import type { PriorityLevel } from "@common/limits";
import { platformOfKey, videoIdOfKey } from "@common/link-canonical";
import type { FileScanStatus, PlayedEntry, Entry } from "@common/queue";
import type { SongDetails } from "@common/song-details";
import type { SubmissionRow } from "./queue-rules";

/** Hook for the files feature: scan status and real duration of uploaded files, by key. */
export interface QueueFiles {
  describe(keys: string[]): Promise<Map<string, QueueFileInfo>>;
}

/** Hook for the song-details feature: what links' platforms said about their songs, by canonical key. */
export interface QueueSongDetails {
  describe(canonicalKeys: string[]): Promise<Map<string, SongDetails>>;
}

/** What the files feature knows of an uploaded file: its scan status and its real length. */
export interface QueueFileInfo {
  status: FileScanStatus;
  duration_seconds: number | null;
}

/** What an entry's presentation needs besides its row: its file and its member's public profile name. */
export interface EntryExtras {
  file?: QueueFileInfo;
  profileUsername?: string | null;
  /** The link's song details, once looked up. */
  details?: SongDetails;
}

/** The fields of a queue entry that go on the wire, listed one by one: nothing secret, no hold reason but "awaiting approval". */
export function presentQueuer(row: SubmissionRow, extras: EntryExtras = {}): Entry {
  const { file, profileUsername = null, details } = extras;
  return {
    id: row.id,
    user_id: row.user_id,
    owner_id: row.owner_id,
    username: row.username,
    youtube_username: row.youtube_username,
    artist_name: row.artist_name,
    track_title: row.track_title,
    link: row.link,
    platform: row.file_key ? "upload" : platformOfKey(row.canonical_key),
    video_id: videoIdOfKey(row.canonical_key),
    message: row.message,
    status: row.status,
    on_hold: row.status === "on_hold",
    priority_level: row.priority_level as PriorityLevel,
    premium_expires: row.premium_expires,
    payment_source: row.payment_source,
    submitted_at: row.submitted_at,
    created_at: row.submitted_at,
    file_key: row.file_key,
    file_status: row.file_key ? (file?.status ?? null) : null,
    duration_seconds: file?.duration_seconds ?? null,
    profile_username: row.owner_id ? profileUsername : null,
    version: row.version,
    ...(row.status === "on_hold" && row.hold_reason === "approval" ? { awaiting_approval: true as const } : {}),
    ...(details && !row.file_key ? { song_details: details } : {}),
  };
}

export function presentPlayed(row: SubmissionRow, extras: EntryExtras = {}): PlayedEntry {
  return { ...presentQueuer(row, extras), played_at: row.played_at ?? row.submitted_at };
}

/**
 * What presenting entries reads besides their rows: their files' scan state (from the files feature)
 * and their members' public profile names.
 */
export function createEntryPresenter(deps: { files?: QueueFiles; songDetails?: QueueSongDetails; publicProfileNames(accountIds: string[]): Promise<Map<string, string>> }) {
  const describeFiles = async (keys: string[]) => (deps.files && keys.length > 0 ? deps.files.describe(keys) : new Map<string, QueueFileInfo>());
  const describeSongs = async (keys: string[]) => (deps.songDetails && keys.length > 0 ? deps.songDetails.describe(keys) : new Map<string, SongDetails>());
  const linkKeysOf = (rows: SubmissionRow[]) => rows.flatMap((row) => (!row.file_key && row.canonical_key ? [row.canonical_key] : []));
  const profileNames = (rows: SubmissionRow[]) => deps.publicProfileNames([...new Set(rows.flatMap((row) => (row.owner_id ? [row.owner_id] : [])))]);
  const fileKeysOf = (rows: SubmissionRow[]) => rows.flatMap((row) => (row.file_key ? [row.file_key] : []));

  /** Files and public profile names of `rows`, read in two queries; the answer gives each row's extras. */
  async function describeEntries(rows: SubmissionRow[]): Promise<(row: SubmissionRow) => EntryExtras> {
    const [files, profiles, songs] = await Promise.all([describeFiles(fileKeysOf(rows)), profileNames(rows), describeSongs(linkKeysOf(rows))]);
    return (row) => ({
      file: row.file_key ? files.get(row.file_key) : undefined,
      profileUsername: row.owner_id ? profiles.get(row.owner_id) : null,
      details: row.canonical_key ? songs.get(row.canonical_key) : undefined,
    });
  }

  return {
    describeFiles,
    describeSongs,
    profileNames,
    fileKeysOf,
    linkKeysOf,
    describeEntries,

    async presentOne(row: SubmissionRow): Promise<Entry> {
      return presentQueuer(row, (await describeEntries([row]))(row));
    },

    async presentAll<T>(rows: SubmissionRow[], present: (row: SubmissionRow, extras: EntryExtras) => T): Promise<T[]> {
      const extrasOf = await describeEntries(rows);
      return rows.map((row) => present(row, extrasOf(row)));
    },
  };
}

export type EntryPresenter = ReturnType<typeof createEntryPresenter>;
