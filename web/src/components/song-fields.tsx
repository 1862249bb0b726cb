import type { ReactNode } from "react";
import { SegmentedControl, TextInput, Textarea } from "@mantine/core";
import { LINK_MAX_LENGTH, MESSAGE_MAX_LENGTH, TEXT_FIELD_MAX_LENGTH } from "@common/limits";
import { EMPTY_TEXT } from "@common/queue";
import { bindTextFields } from "../lib/bind-text-fields";

/** How the song travels: a link, or an uploaded file. */
export type SongSource = "link" | "file";

/** A field the song's checks can find wrong. */
export type SongField = "artist_name" | "track_title" | "link" | "file";

/** The song's words as the fields edit them. */
export interface SongText {
  artist_name: string;
  track_title: string;
  youtube_username: string;
  link: string;
  message: string;
}

export interface SongFieldsProps {
  values: SongText;
  onChange: (patch: Partial<SongText>) => void;
  source: SongSource;
  /** Offers the Link | File switch; without it the song is a link. */
  onSourceChange?: (source: SongSource) => void;
  /** What stands in place of the link while the source is a file. */
  fileSlot?: ReactNode;
  invalid?: (field: SongField) => boolean;
  /** The entry form marks artist, title and link required; a draft requires nothing until it is sent. */
  required?: boolean;
  /** The admin's add: a blank artist or title becomes 'Empty!', and the placeholders say so. */
  blankArtistAndTitle?: boolean;
}

const SOURCES = [
  { label: "Link", value: "link" },
  { label: "File", value: "file" },
];

/** Artist, title, channel username, link or file, and note: the one song form, for an entry and for a draft. */
export function SongFields({ values, onChange, source, onSourceChange, fileSlot, invalid = () => false, required = false, blankArtistAndTitle = false }: SongFieldsProps) {
  const field = bindTextFields(values, (key, value) => onChange({ [key]: value }));
  return (
    <>
      <TextInput
        label="Artist name"
        placeholder={blankArtistAndTitle ? EMPTY_TEXT : "Who made it?"}
        {...field("artist_name")}
        maxLength={TEXT_FIELD_MAX_LENGTH}
        error={invalid("artist_name")}
        withAsterisk={required && !blankArtistAndTitle}
        data-autofocus
      />
      <TextInput
        label="Track title"
        placeholder={blankArtistAndTitle ? EMPTY_TEXT : "Song name"}
        {...field("track_title")}
        maxLength={TEXT_FIELD_MAX_LENGTH}
        error={invalid("track_title")}
        withAsterisk={required && !blankArtistAndTitle}
      />
      <TextInput
        label="Channel username"
        description="Your name in the live chat, so the host can shout you out"
        placeholder="Anonymous"
        {...field("youtube_username")}
        maxLength={TEXT_FIELD_MAX_LENGTH}
      />
      {onSourceChange && <SegmentedControl value={source} onChange={(value) => onSourceChange(value as SongSource)} data={SOURCES} aria-label="Song source" />}
      {source === "file" && fileSlot ? (
        fileSlot
      ) : (
        <TextInput
          label="Song link"
          placeholder="https://…"
          type="url"
          inputMode="url"
          {...field("link")}
          maxLength={LINK_MAX_LENGTH}
          error={invalid("link")}
          withAsterisk={required}
        />
      )}
      <Textarea label="Note" placeholder="Anything the host should know (optional)" {...field("message")} maxLength={MESSAGE_MAX_LENGTH} autosize minRows={2} maxRows={5} />
    </>
  );
}
