import type { Draft } from "@common/drafts";
import type { DraftRow } from "./drafts.repository";

/** A draft on the wire: the spec's fields (link also as song_link) and whether its file expired. */
export function presentDraft(row: DraftRow): Draft {
  return {
    artist_name: row.artist_name,
    track_title: row.track_title,
    youtube_username: row.youtube_username,
    message: row.message,
    link: row.link,
    song_link: row.link,
    is_file: row.is_file === 1,
    file_key: row.file_key,
    file_name: row.file_name,
    file_type: row.file_type,
    has_file_selected: row.has_file_selected === 1,
    file_expired: row.file_expired === 1,
    updated_at: row.updated_at,
  };
}
