import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { EMPTY_BALANCE, type LoyaltyBalance, type WatchPingResponse } from "@common/loyalty";
import { api } from "../../lib/api-client";
import { useOwnIdentity } from "../../lib/use-stored-session";
import { useLiveMessage } from "../live";

export const loyaltyKeys = { balance: () => ["loyalty", "balance"] as const };

/** GET loyalty/balance: the signed-in member's tokens (members only). */
export const balanceQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: loyaltyKeys.balance(),
    enabled: signedIn,
    queryFn: () => api.get<LoyaltyBalance>("loyalty/balance", { auth: "user" }).then((answer) => answer ?? EMPTY_BALANCE),
    // Grants arrive as loyalty_update on the live channel; a tab that missed one catches up on focus.
    refetchOnWindowFocus: true,
  });

/** The member's balance, kept fresh by the live channel's loyalty_update; null for guests. */
export function useFastPassBalance(): { balance: LoyaltyBalance | null; signedIn: boolean } {
  const { signedIn } = useOwnIdentity();
  const client = useQueryClient();
  const query = useQuery(balanceQuery(signedIn));
  useLiveMessage("loyalty_update", () => void client.invalidateQueries({ queryKey: loyaltyKeys.balance() }));
  return { balance: signedIn ? (query.data ?? null) : null, signedIn };
}

/** Refetches the balance (after spending a token). */
export function useRefreshBalance(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: loyaltyKeys.balance() }), [client]);
}

/** POST loyalty/watch-ping {videoId}. */
export const sendWatchPing = (videoId: string) => api.post<WatchPingResponse>("loyalty/watch-ping", { json: { videoId }, auth: "user" });
