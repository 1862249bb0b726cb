import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { YoutubeChatStatus } from "@common/youtube-chat";
import { adminApi } from "../../lib/admin-api";
import { toConnectionErrorScreen } from "../../lib/admin-query-errors";

const youtubeChatStatusKey = ["admin", "youtube-chat", "status"] as const;

/** GET admin/youtube-chat: how the live chat is read, or why not. Checked again every few seconds. */
export const youtubeChatStatusQuery = () =>
  queryOptions({
    queryKey: youtubeChatStatusKey,
    queryFn: () => adminApi.get<YoutubeChatStatus>("admin/youtube-chat"),
    refetchInterval: 5_000,
    throwOnError: toConnectionErrorScreen,
  });

/** POST admin/youtube-chat/connect: Google's consent page, where the browser goes next. */
export function useConnectYoutubeChat() {
  return useMutation({ mutationFn: () => adminApi.post<{ authorize_url: string }>("admin/youtube-chat/connect") });
}

/** DELETE admin/youtube-chat: forgets the channel and its tokens. */
export function useDisconnectYoutubeChat() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => adminApi.delete<void>("admin/youtube-chat"), onSuccess: () => client.invalidateQueries({ queryKey: youtubeChatStatusKey }) });
}
