import { useCallback, useEffect, useRef } from "react";
import { useLive, useLiveMessage } from "../live";
import { usePlayerStatus } from "./use-player-status";

/**
 * This window's turn to play: it claims on opening (the newest player plays), re-asserts its own claim
 * after a reconnect (keeping its place, so it never takes the turn back from a newer window), and
 * `claimHere` takes the turn at once ("Play here").
 */
export function usePlayerClaim(playerId: string): { isActive: boolean; known: boolean; claimHere(): void } {
  const { state, send } = useLive();
  const status = usePlayerStatus();
  const claimedAt = useRef<string | null>(null);

  useLiveMessage("player_active", (message) => {
    if (message.player_id === playerId && message.claimed_at) claimedAt.current ??= message.claimed_at;
  });
  useEffect(() => {
    if (state !== "connected") return;
    send(claimedAt.current ? { type: "player_claim", player_id: playerId, claimed_at: claimedAt.current } : { type: "player_claim", player_id: playerId });
  }, [state, send, playerId]);

  const claimHere = useCallback(() => {
    claimedAt.current = null;
    send({ type: "player_claim", player_id: playerId });
  }, [send, playerId]);

  return { isActive: status?.player_id === playerId, known: status !== undefined, claimHere };
}
