import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { REVIEW_MESSAGES, type Review, type ReviewInput } from "@common/reviews";
import { isApiError } from "../../lib/api-client";
import { adminApi } from "../../lib/admin-api";
import { toastError, toastSuccess } from "../../components/toast";

export const reviewKeys = {
  all: ["admin", "reviews"] as const,
  one: (submissionId: string) => ["admin", "reviews", submissionId] as const,
};

const path = (submissionId: string) => `reviews/${encodeURIComponent(submissionId)}`;

/** The host's score of one song, null before it is scored. */
export const reviewQuery = (submissionId: string) =>
  queryOptions({ queryKey: reviewKeys.one(submissionId), queryFn: async () => (await adminApi.get<{ review: Review | null }>(path(submissionId))).review });

/** Saves the score; the session figures (average, best-scored) are read again after it. */
export function useSaveReview(submissionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => adminApi.put<Review>(path(submissionId), { json: input }),
    onSuccess: (review) => {
      client.setQueryData(reviewKeys.one(submissionId), review);
      toastSuccess(REVIEW_MESSAGES.saved);
      void client.invalidateQueries({ queryKey: ["admin", "analytics"] });
    },
    onError: (error) => {
      const detail = isApiError(error) && !error.network ? error.detailText : null;
      if (detail) toastError(detail, REVIEW_MESSAGES.saveFailed);
      else toastError(REVIEW_MESSAGES.saveFailed);
    },
  });
}
