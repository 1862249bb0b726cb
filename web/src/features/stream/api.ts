import { queryOptions } from "@tanstack/react-query";
import { isApiError, publicApi } from "../../lib/api-client";

export const streamKeys = { link: () => ["stream", "link"] as const };

/** The live stream address the host set (GET set/youtubeStreamLink); null when none is set. */
export const streamLinkQuery = () =>
  queryOptions({
    queryKey: streamKeys.link(),
    queryFn: async () => {
      try {
        const answer = await publicApi.get<{ state: string | null }>("set/youtubeStreamLink");
        return answer?.state?.trim() || null;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
