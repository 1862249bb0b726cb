import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChatSecret } from "@common/moderation";
import { adminApi } from "../../lib/admin-api";
import { toConnectionErrorScreen } from "../../lib/admin-query-errors";

const chatSecretKey = ["admin", "chat", "secret"] as const;

/** GET chat/admin/secret: null until the host makes the first one. */
export const chatSecretQuery = () => queryOptions({ queryKey: chatSecretKey, queryFn: () => adminApi.get<ChatSecret>("chat/admin/secret"), throwOnError: toConnectionErrorScreen });

/** POST chat/admin/secret: a new secret; the bots' old links stop working. */
export function useRotateChatSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminApi.post<ChatSecret>("chat/admin/secret"),
    onSuccess: (secret) => client.setQueryData(chatSecretKey, secret),
  });
}
