import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { isNewerClaim, type PlayerStatusInfo } from "@common/player";
import { useLive, useLiveMessage } from "../live";
import { playerKeys, playerStatusQuery } from "./api";

/**
 * The player as admin pages know it: the claim that plays and its latest report, read once and then
 * kept current by the socket's player messages (a claim counts only if newer than the one known).
 */
export function usePlayerStatus(): PlayerStatusInfo | undefined {
  const client = useQueryClient();
  const status = useQuery(playerStatusQuery());
  const { state } = useLive();
  const update = (change: (current: PlayerStatusInfo) => PlayerStatusInfo) => {
    // A read still on its way started before this message: it must not put the older answer back.
    void client.cancelQueries({ queryKey: playerKeys.status });
    client.setQueryData<PlayerStatusInfo>(playerKeys.status, (current) => change(current ?? { player_id: null, claimed_at: null, state: null }));
  };

  useLiveMessage("player_active", (message) =>
    update((current) => {
      if (message.player_id === null) return { player_id: null, claimed_at: null, state: null };
      const known = current.player_id && current.claimed_at ? { player_id: current.player_id, claimed_at: current.claimed_at } : null;
      if (!isNewerClaim({ player_id: message.player_id, claimed_at: message.claimed_at ?? "" }, known)) return current;
      return { player_id: message.player_id, claimed_at: message.claimed_at, state: null };
    }),
  );
  useLiveMessage("player_state", (message) =>
    update((current) => (message.state === null || message.state.player_id === current.player_id ? { ...current, state: message.state } : current)),
  );
  // Back from a lost connection: what was missed is read again.
  useEffect(() => {
    if (state === "connected") void client.invalidateQueries({ queryKey: playerKeys.status });
  }, [state, client]);
  return status.data;
}
