/** A member's one saved draft; `file_expired` is set when its file was dropped after 24 hours. */
export interface DraftTable {
  user_id: string;
  artist_name: string;
  track_title: string;
  youtube_username: string;
  message: string;
  link: string;
  is_file: number;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  has_file_selected: number;
  /** When `file_key` was attached; the file expires 24 hours later. */
  file_attached_at: string | null;
  file_expired: number;
  updated_at: string;
}

export interface DraftTables {
  drafts: DraftTable;
}
