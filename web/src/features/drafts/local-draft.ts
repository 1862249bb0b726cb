import { DRAFT_STORAGE_KEYS, type DraftFields } from "@common/drafts";
import { readJson, writeJson, writeText } from "../../lib/storage";

/** A draft as this browser keeps it: the form's fields and when they last changed. */
export interface LocalDraft extends DraftFields {
  updated_at: string;
}

/** The last draft written in this browser, with the member it belongs to. */
interface LastDraft {
  owner_id: string;
  draft: LocalDraft;
}

export const EMPTY_DRAFT: DraftFields = {
  artist_name: "",
  track_title: "",
  youtube_username: "",
  message: "",
  link: "",
  is_file: false,
  file_key: null,
  file_name: null,
  file_type: null,
};

/** The member's draft in this browser: their own key, else the last draft if it was theirs. */
export function readLocalDraft(userId: string): LocalDraft | null {
  const own = readJson<LocalDraft>(DRAFT_STORAGE_KEYS.perUser(userId));
  if (own) return own;
  const last = readJson<LastDraft>(DRAFT_STORAGE_KEYS.lastDraft);
  return last?.owner_id === userId ? last.draft : null;
}

export function writeLocalDraft(userId: string, draft: LocalDraft): void {
  writeJson(DRAFT_STORAGE_KEYS.perUser(userId), draft);
  writeJson(DRAFT_STORAGE_KEYS.lastDraft, { owner_id: userId, draft } satisfies LastDraft);
}

/** After a successful send: the member's copies go; another member's last draft stays. */
export function clearLocalDraft(userId: string): void {
  writeText(DRAFT_STORAGE_KEYS.perUser(userId), null);
  if (readJson<LastDraft>(DRAFT_STORAGE_KEYS.lastDraft)?.owner_id === userId) writeText(DRAFT_STORAGE_KEYS.lastDraft, null);
}
