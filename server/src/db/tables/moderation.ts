import type { BanKind } from "@common/moderation";

/** A ban the host placed; `lifted_at` set means it no longer applies. */
export interface BansTable {
  id: string;
  kind: BanKind;
  /** An account id, a guest id, a lowercased username or a canonical link key. */
  value: string;
  reason: string;
  /** The admin's username. */
  created_by: string;
  created_at: string;
  lifted_at: string | null;
  lifted_by: string | null;
}

/** The chat-command secret the bots put in their URLs. */
export interface ChatCommandSecretsTable {
  id: string;
  secret: string;
  created_at: string;
}

/** Each time the queue opened; the host's per-stream limit counts submissions since the latest. */
export interface QueueOpeningsTable {
  id: string;
  opened_at: string;
}

export interface ModerationTables {
  bans: BansTable;
  chat_command_secrets: ChatCommandSecretsTable;
  queue_openings: QueueOpeningsTable;
}
