import type { PriorityLevel } from "@common/limits";
import { platformOfKey, videoIdOfKey } from "@common/link-canonical";
import type { FileScanStatus, PlayedEntry, Entry } from "@common/queue";
import type { SubmissionRow } from "./queue-rules";

/** What the files feature knows of an uploaded file: its scan status and its real length. */
export interface QueueFileInfo {
  status: FileScanStatus;
  duration_seconds: number | null;
}

/** What an entry's presentation needs besides its row: its file and its member's public profile name. */
export interface EntryExtras {
  file?: QueueFileInfo;
  profileUsername?: string | null;
}

/** The fields of a queue entry that go on the wire, listed one by one: nothing secret, no hold reason. */
export function presentQueuer(row: SubmissionRow, extras: EntryExtras = {}): Entry {
  const { file, profileUsername = null } = extras;
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
  };
}

export function presentPlayed(row: SubmissionRow, extras: EntryExtras = {}): PlayedEntry {
  return { ...presentQueuer(row, extras), played_at: row.played_at ?? row.submitted_at };
}
