/** The connected Twitch channel (one row, id "channel"). Tokens are stored encrypted (see twitch-token-cipher.ts). */
export interface TwitchConnectionTable {
  id: string;
  broadcaster_id: string;
  broadcaster_login: string;
  broadcaster_name: string;
  /** Space-separated scopes Twitch granted. */
  scopes: string;
  access_token: string;
  refresh_token: string;
  expires_at: string;
  request_reward_id: string | null;
  skip_reward_id: string | null;
  /** connected | reconnecting | stopped (with `status_reason`). */
  status: string;
  status_reason: string | null;
  connected_at: string;
  updated_at: string;
}

export interface TwitchRedemptionsTable {
  id: string;
  reward_id: string;
  viewer_id: string;
  viewer_name: string;
  user_input: string;
  /** The entry it became; null when refused. */
  entry_id: string | null;
  /** The line the viewer was told when it was refused. */
  refusal: string | null;
  /** FULFILLED or CANCELED once decided (the outbox tells Twitch); null while the entry is live. */
  final_status: string | null;
  redeemed_at: string;
}

export interface TwitchChatSeenTable {
  message_id: string;
  seen_at: string;
}

export interface TwitchTables {
  twitch_connection: TwitchConnectionTable;
  twitch_redemptions: TwitchRedemptionsTable;
  twitch_chat_seen: TwitchChatSeenTable;
}
