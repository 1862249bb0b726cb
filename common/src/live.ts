import type { ListChanges } from "./list-delta";
import type { PlayerClientMessageMap, PlayerServerMessageMap } from "./player";
import type { QueueType, Entry } from "./queue";

/**
 * A list changed. `queue_type` and `total_count` are the spec's; the rest lets a client that holds
 * `base_version` apply `changes` instead of refetching. A version is the list's ETag without quotes, so
 * every instance names the same list the same way. `changes` is absent when a refetch is as cheap.
 */
export interface QueueUpdateMessage {
  queue_type: QueueType;
  total_count: number;
  version?: string;
  base_version?: string | null;
  changes?: ListChanges<Entry>;
}

/** Messages the server sends on /ws/public and /ws/admin, by type. */
export interface ServerMessageMap extends PlayerServerMessageMap {
  queue_update: QueueUpdateMessage;
  position_update: { user_id: string };
  system_message: { message_type: "info" | "warning" | "error"; message: string; timestamp: string };
  settings_update: { setting_name: string; setting_value: string; timestamp: string };
  submission_played: { artist_name: string; track_title: string; played_at: string };
  released_from_hold: { artist_name: string; track_title: string; message: string; released_at: string };
  /** Ours: the submitter's entry left the queue because its uploaded song is longer than the host allows. */
  submission_removed: { artist_name: string; track_title: string; message: string; removed_at: string };
  /** The member's Fast Pass balance changed: refetch GET loyalty/balance. */
  loyalty_update: { user_id: string };
  /** The live session's played songs or their votes changed: refetch GET votes/session/current/played (and usage). */
  votes_update: { session_id: string };
  /** Ours: the skip votes of the song Now Playing changed ("Skip votes: votes / needed"); needed is null while off. */
  skip_votes_update: { submission_id: string; votes: number; needed: number | null };
  connection_established: { room: "public" | "admin" };
  pong: { timestamp: string };
  error: { message: string };
}
export type ServerMessageType = keyof ServerMessageMap;
export type ServerMessage = { [K in ServerMessageType]: { type: K } & ServerMessageMap[K] }[ServerMessageType];

/** Messages a client may send; the player's only on /ws/admin. */
export interface ClientMessageMap extends PlayerClientMessageMap {
  subscribe_queue: { queue_types: QueueType[] };
  ping: Record<never, never>;
  request_position: { user_id?: string };
  /**
   * The socket's credential, sent as the first message instead of in the URL: an admin access token on
   * /ws/admin; a guest secret or a member token on /ws/public (with `?user_id=`).
   */
  auth: { token?: string; guest_secret?: string };
}
export type ClientMessageType = keyof ClientMessageMap;
export type ClientMessage = { [K in ClientMessageType]: { type: K } & ClientMessageMap[K] }[ClientMessageType];

/** Close code for a socket refused for lack of admin rights. */
export const POLICY_VIOLATION_CLOSE_CODE = 1008;
export const NORMAL_CLOSE_CODE = 1000;
/** Close code for a socket refused because this address or the server has too many open: try again later. */
export const TRY_AGAIN_LATER_CLOSE_CODE = 1013;
