import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TwitchRewardsInput, TwitchStatus } from "@common/twitch";
import { adminApi } from "../../lib/admin-api";
import { toConnectionErrorScreen } from "../../lib/admin-query-errors";

const twitchStatusKey = ["admin", "twitch", "status"] as const;

/** GET admin/twitch: the channel connection's state, or why it is not connected. Checked again every few seconds. */
export const twitchStatusQuery = () =>
  queryOptions({ queryKey: twitchStatusKey, queryFn: () => adminApi.get<TwitchStatus>("admin/twitch"), refetchInterval: 5_000, throwOnError: toConnectionErrorScreen });

/** POST admin/twitch/connect: Twitch's consent page, where the browser goes next. */
export function useConnectTwitch() {
  return useMutation({ mutationFn: () => adminApi.post<{ authorize_url: string }>("admin/twitch/connect") });
}

/** POST admin/twitch/rewards: creates the channel-point rewards on the channel. */
export function useCreateTwitchRewards() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TwitchRewardsInput) => adminApi.post<TwitchStatus>("admin/twitch/rewards", { json: input }),
    onSuccess: (status) => client.setQueryData(twitchStatusKey, status),
  });
}

/** DELETE admin/twitch: forgets the channel and its tokens. */
export function useDisconnectTwitch() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => adminApi.delete<void>("admin/twitch"), onSuccess: () => client.invalidateQueries({ queryKey: twitchStatusKey }) });
}
