/** The connected YouTube channel (one row, id "channel"). Tokens are stored encrypted (see twitch-token-cipher.ts). */
export interface YoutubeChatConnectionTable {
  id: string;
  channel_id: string;
  channel_title: string;
  /** Space-separated scopes Google granted. */
  scopes: string;
  access_token: string;
  refresh_token: string;
  expires_at: string;
  /** The active broadcast's chat being read; null while none is found. */
  live_chat_id: string | null;
  /** Where the next read of that chat starts (YouTube's nextPageToken). */
  page_token: string | null;
  /** connecting | connected | reconnecting | offline | stopped (with `status_reason`). */
  status: string;
  status_reason: string | null;
  connected_at: string;
  updated_at: string;
}

export interface YoutubeChatSeenTable {
  message_id: string;
  seen_at: string;
}

export interface YoutubeChatTables {
  youtube_chat_connection: YoutubeChatConnectionTable;
  youtube_chat_seen: YoutubeChatSeenTable;
}
