import type { ChatPlatform, ChatSource } from "@common/chat-requests";

/**
 * A viewer known from chat. `id` is also the submitter id (`user_id`) of their entries while no account
 * is linked; `platform_user_id` decides identity, `display_name` is the latest name seen.
 */
export interface ChatIdentitiesTable {
  id: string;
  platform: ChatPlatform;
  platform_user_id: string;
  display_name: string;
  /** The member account that signed in with this platform identity; null until then. */
  account_id: string | null;
  created_at: string;
  last_seen_at: string;
}

/** The chat identity behind an entry and the way it came. */
export interface ChatEntriesTable {
  entry_id: string;
  identity_id: string;
  source: ChatSource;
  created_at: string;
}

export interface ChatTables {
  chat_identities: ChatIdentitiesTable;
  chat_entries: ChatEntriesTable;
}
