import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { DRAFT_MESSAGES, type Draft, type DraftFields, type DraftPresignResponse } from "@common/drafts";
import { FAST_PASS_HEADER, type SubmitResponse } from "@common/queue";
import { api, isApiError } from "../../lib/api-client";
import { setLastSubmission } from "../../lib/storage";
import { uploadWithProgress } from "../files";
import { clearLocalDraft } from "./local-draft";

export const draftKeys = {
  mine: (userId: string | null) => ["drafts", "me", userId] as const,
};

/** Query root of the queue feature's lists and overview, refreshed after a draft joins the queue. */
const QUEUE_QUERY_ROOT = ["queue"] as const;

/** The answer looks like a draft; anything else is 'Unexpected response from server'. */
function asDraft(answer: unknown): Draft {
  if (!answer || typeof answer !== "object" || typeof (answer as Draft).updated_at !== "string") throw new Error(DRAFT_MESSAGES.unexpectedResponse);
  return answer as Draft;
}

/** GET drafts/me; null when the member has none (404). */
export const myDraftQuery = (userId: string | null) =>
  queryOptions({
    queryKey: draftKeys.mine(userId),
    enabled: !!userId,
    queryFn: async () => {
      try {
        return asDraft(await api.get<unknown>("drafts/me"));
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

/** The body of PUT drafts/me for the form's fields. */
const draftBody = (draft: DraftFields) => ({ ...draft, song_link: draft.link, has_file_selected: draft.is_file && !!draft.file_key });

/** PUT drafts/me; when a proxy refuses the PUT (404/405), the same body as POST drafts/me. */
export async function saveDraftOnServer(draft: DraftFields): Promise<Draft> {
  const json = draftBody(draft);
  try {
    return asDraft(await api.put<unknown>("drafts/me", { json }));
  } catch (error) {
    if (!isApiError(error) || (error.status !== 404 && error.status !== 405)) throw error;
    return asDraft(await api.post<unknown>("drafts/me", { json }));
  }
}

/** POST drafts/presign, then the file's bytes to the URL it gives; the file's key. */
export async function uploadDraftFile(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const target = await api.post<DraftPresignResponse>("drafts/presign", { json: { filename: file.name, content_type: file.type, size: file.size || undefined } });
  // An absolute URL of this app; it carries its own single-use token.
  await uploadWithProgress(target.url, file, { method: "PUT", auth: "none", onProgress });
  return target.key;
}

/** What POST drafts/finalize sends: the file's key when the draft uses a file, else its link. */
export function finalizeBody(draft: DraftFields) {
  const useFile = draft.is_file && !!draft.file_key;
  return {
    artist_name: draft.artist_name,
    track_title: draft.track_title,
    youtube_username: draft.youtube_username,
    message: draft.message,
    file_key: useFile ? draft.file_key : null,
    ...(useFile ? {} : { link: draft.link }),
  };
}

/** POST drafts/finalize: the draft joins the queue (never by itself: only when the member sends it), then is cleared. */
export function useSendDraft(userId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, fastPassLevel }: { draft: DraftFields; fastPassLevel?: number }) =>
      api.post<SubmitResponse>("drafts/finalize", {
        json: finalizeBody(draft),
        headers: fastPassLevel ? { [FAST_PASS_HEADER]: String(fastPassLevel) } : undefined,
      }),
    onSuccess: async ({ queuer }) => {
      if (userId) clearLocalDraft(userId);
      setLastSubmission({ id: queuer.id, user_id: queuer.user_id, artist_name: queuer.artist_name, track_title: queuer.track_title, submitted_at: queuer.submitted_at });
      client.setQueryData(draftKeys.mine(userId), null);
      await client.invalidateQueries({ queryKey: QUEUE_QUERY_ROOT });
    },
  });
}

/** DELETE drafts/me: the member throws the draft away, here and on the server (none there is fine). */
export function useDiscardDraft(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.delete<unknown>("drafts/me");
      } catch (error) {
        if (!isApiError(error) || error.status !== 404) throw error;
      }
    },
    onSuccess: () => {
      clearLocalDraft(userId);
      client.setQueryData(draftKeys.mine(userId), null);
    },
  });
}

/** The modal's text for a failed send: the server's detail, else 'Failed to submit'. */
export function submitFailureText(error: unknown): string {
  return (isApiError(error) && error.detailText) || DRAFT_MESSAGES.submitFailed;
}

/** The alert text of a failed send of a saved draft: the detail, else the message, else the fallback. */
export function sendFailureText(error: unknown): string {
  if (isApiError(error)) return error.detailText ?? (error.message || DRAFT_MESSAGES.sendSavedFailed);
  return error instanceof Error && error.message ? error.message : DRAFT_MESSAGES.sendSavedFailed;
}
