import { z } from "zod";
import { FILE_KEY_PATTERN, FILE_MESSAGES, FILENAME_MAX_LENGTH, presignUploadSchema } from "./files";
import { LINK_MAX_LENGTH, MESSAGE_MAX_LENGTH, TEXT_FIELD_MAX_LENGTH } from "./limits";
import { MESSAGES } from "./messages";
import { textField } from "./text";

/** Local autosave waits this long after the last keystroke (spec 9). */
export const DRAFT_AUTOSAVE_MS = 600;
/** A file attached to a draft is kept this long; then the draft keeps its text and says the file is gone. */
export const DRAFT_FILE_TTL_MS = 24 * 3600 * 1000;

/** Draft sentences of the spec's catalogue (section 8), plus the ones this app adds. */
export const DRAFT_MESSAGES = {
  saveFailed: "Failed to save draft",
  unexpectedResponse: "Unexpected response from server",
  submitFailed: "Failed to submit",
  sendSavedFailed: "Failed to submit saved draft",
  noDraft: "No saved draft",
  fileExpired: "The draft's file expired after 24 hours. Please choose it again.",
  saved: "Draft saved",
  sent: "Your saved draft is in the queue",
  discarded: "Draft discarded",
  discardFailed: "Failed to discard draft",
} as const;

const optionalText = (max: number) => textField({ max }).nullish();
const fileKeyField = z.string().regex(FILE_KEY_PATTERN, FILE_MESSAGES.invalidKey);

/** PUT (and its fallback POST) drafts/me: the whole draft as the form holds it; every field may be blank. */
export const draftInputSchema = z.object({
  artist_name: optionalText(TEXT_FIELD_MAX_LENGTH),
  track_title: optionalText(TEXT_FIELD_MAX_LENGTH),
  youtube_username: optionalText(TEXT_FIELD_MAX_LENGTH),
  message: textField({ max: MESSAGE_MAX_LENGTH, multiline: true }).nullish(),
  link: optionalText(LINK_MAX_LENGTH),
  /** The older clients' name for `link`. */
  song_link: optionalText(LINK_MAX_LENGTH),
  is_file: z.boolean().optional(),
  file_key: fileKeyField.nullish(),
  file_name: optionalText(FILENAME_MAX_LENGTH),
  file_type: optionalText(FILENAME_MAX_LENGTH),
  has_file_selected: z.boolean().optional(),
});
export type DraftInput = z.infer<typeof draftInputSchema>;

/** A member's saved draft (spec 3, "Draft"), plus whether its file expired. */
export const draftSchema = z.object({
  artist_name: z.string(),
  track_title: z.string(),
  youtube_username: z.string(),
  message: z.string(),
  link: z.string(),
  song_link: z.string(),
  is_file: z.boolean(),
  file_key: z.string().nullable(),
  file_name: z.string().nullable(),
  file_type: z.string().nullable(),
  has_file_selected: z.boolean(),
  /** The file was kept 24 hours and is gone; `file_name` still names it. */
  file_expired: z.boolean().describe("The draft's file was kept 24 hours and is gone; file_name still names it"),
  updated_at: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

/** POST drafts/presign: the same rules as an upload for a submission. */
export const draftPresignSchema = presignUploadSchema;
export const draftPresignResponseSchema = z.object({
  /** Short-lived, single-use URL to PUT the file's bytes to. */
  url: z.string().describe("Short-lived, single-use URL to PUT the file's bytes to"),
  key: z.string(),
});
export type DraftPresignResponse = z.infer<typeof draftPresignResponseSchema>;

/** POST drafts/finalize: submits the draft (a file by key, else the saved draft's link) and clears it. */
export const draftFinalizeSchema = z.object({
  artist_name: textField({ max: TEXT_FIELD_MAX_LENGTH, required: MESSAGES.artistAndTitleRequired }),
  track_title: textField({ max: TEXT_FIELD_MAX_LENGTH, required: MESSAGES.artistAndTitleRequired }),
  youtube_username: optionalText(TEXT_FIELD_MAX_LENGTH),
  message: textField({ max: MESSAGE_MAX_LENGTH, multiline: true }).nullish(),
  file_key: fileKeyField.nullish(),
  /** A link to send instead of the saved draft's (ignored when `file_key` is given). */
  link: optionalText(LINK_MAX_LENGTH),
});
export type DraftFinalizeInput = z.infer<typeof draftFinalizeSchema>;

/** The form state a draft is made of, as the web keeps it locally. */
export interface DraftFields {
  artist_name: string;
  track_title: string;
  youtube_username: string;
  message: string;
  link: string;
  is_file: boolean;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
}

/** Spec 5: a draft is complete when it has artist, title, and a link or a file key. */
export function isDraftComplete(draft: Pick<DraftFields, "artist_name" | "track_title" | "link" | "file_key">): boolean {
  const has = (value: string | null | undefined) => (value ?? "").trim() !== "";
  return has(draft.artist_name) && has(draft.track_title) && (has(draft.link) || has(draft.file_key));
}

/** Browser storage: each member's draft under their own key, and a copy of the last one with its owner. */
export const DRAFT_STORAGE_KEYS = {
  perUser: (userId: string) => `submission_draft_${userId}`,
  lastDraft: "last_draft",
} as const;
