import { useQuery } from "@tanstack/react-query";
import { isDraftComplete, type DraftFields } from "@common/drafts";
import { useOwnIdentity } from "../../lib/use-stored-session";
import { myDraftQuery } from "./api";
import { readLocalDraft } from "./local-draft";
import { startingDraft } from "./use-draft-autosave";

export interface SavedDraft {
  /** The signed-in member, or null for a guest (drafts are for members). */
  userId: string | null;
  /** The member's draft (this browser's copy or the server's, the newer), or null when there is none. */
  draft: DraftFields | null;
  complete: boolean;
  fileExpired: boolean;
  loading: boolean;
}

const isBlank = (draft: DraftFields) => !draft.artist_name.trim() && !draft.track_title.trim() && !draft.link.trim() && !draft.file_key && !draft.message.trim();

/** The signed-in member's saved draft, wherever it was saved last. */
export function useSavedDraft(): SavedDraft {
  const { user, signedIn } = useOwnIdentity();
  const userId = signedIn ? (user?.user_id ?? null) : null;
  const server = useQuery(myDraftQuery(userId));
  if (!userId) return { userId: null, draft: null, complete: false, fileExpired: false, loading: false };
  const local = readLocalDraft(userId);
  const start = startingDraft(local, server.data);
  const exists = (local !== null || !!server.data) && (!isBlank(start.fields) || start.fileExpired);
  return {
    userId,
    draft: exists ? start.fields : null,
    complete: exists && isDraftComplete(start.fields),
    fileExpired: start.fileExpired,
    loading: server.isPending,
  };
}
