import { MESSAGES } from "@common/messages";
import { ERROR_TEXT } from "@common/error-catalogue";
import { linkSchema, normalizeSubmission, type NormalizedSubmission } from "@common/queue";

/** How the song travels: a link now; an uploaded file is added by the files feature. */
export type SongSource = "link" | "file";

export interface SubmissionFormValues {
  artist_name: string;
  track_title: string;
  youtube_username: string;
  link: string;
  message: string;
  source: SongSource;
  file: File | null;
  /** The Fast Pass tier to spend (0 or absent: none). */
  fastPassLevel?: number;
}

export const EMPTY_FORM: SubmissionFormValues = {
  artist_name: "",
  track_title: "",
  youtube_username: "",
  link: "",
  message: "",
  source: "link",
  file: null,
};

export type SubmissionField = "artist_name" | "track_title" | "link" | "file";

export interface SubmissionProblem {
  message: string;
  fields: SubmissionField[];
}

/**
 * The spec's submission rules, checked on submit and on update; null when the form can be sent. The
 * admin's add (`blankArtistAndTitle: true`) lets a blank artist and title through: they become 'Empty!'.
 */
export function submissionProblem(values: SubmissionFormValues, options: { blankArtistAndTitle?: boolean } = {}): SubmissionProblem | null {
  const missing: SubmissionField[] = [];
  if (!options.blankArtistAndTitle) {
    if (!values.artist_name.trim()) missing.push("artist_name");
    if (!values.track_title.trim()) missing.push("track_title");
  }
  if (missing.length) return { message: MESSAGES.artistAndTitleRequired, fields: missing };
  if (values.source === "file") {
    return values.file ? null : { message: MESSAGES.chooseAudioFile, fields: ["file"] };
  }
  if (!values.link.trim()) return { message: MESSAGES.linkRequired, fields: ["link"] };
  if (!linkSchema.safeParse(values.link).success) return { message: ERROR_TEXT.invalidLink, fields: ["link"] };
  return null;
}

/** What goes on the wire for a link submission: trimmed, blanks defaulted, username lowercased. */
export function toSubmission(values: SubmissionFormValues): NormalizedSubmission {
  return normalizeSubmission(values);
}
