import { MESSAGES } from "@common/messages";
import { ERROR_TEXT } from "@common/error-catalogue";
import { linkSchema, normalizeSubmission, type NormalizedSubmission } from "@common/queue";
import type { SongField, SongSource } from "../../components/song-fields";

export interface EntryFormValues {
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

export const EMPTY_FORM: EntryFormValues = {
  artist_name: "",
  track_title: "",
  youtube_username: "",
  link: "",
  message: "",
  source: "link",
  file: null,
};

export interface SubmissionProblem {
  message: string;
  fields: SongField[];
}

/**
 * The spec's submission rules, checked on submit and on update; null when the form can be sent. The
 * admin's add (`blankArtistAndTitle: true`) lets a blank artist and title through: they become 'Empty!'.
 */
export function submissionProblem(values: EntryFormValues, options: { blankArtistAndTitle?: boolean } = {}): SubmissionProblem | null {
  const missing: SongField[] = [];
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
export function toSubmission(values: EntryFormValues): NormalizedSubmission {
  return normalizeSubmission(values);
}
