import type { ReactNode } from "react";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { linkKind } from "@common/files";
import { PRIORITY_LABELS } from "@common/limits";
import { EMPTY_TEXT, type Entry } from "@common/queue";
import { LinkIcon } from "../../../components/icons";
import { songDetailsSummary } from "../../../components/song-details";
import { LINK_PLATFORM_LABELS } from "@common/link-canonical";
import { paymentSourceLabel } from "../../../components/priority-badge";
import { absoluteTime, relativeTime } from "../../../lib/relative-time";
import { ScanBadge } from "../../files";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline" style={{ minWidth: 0 }}>
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}:
      </Text>
      {children}
    </Group>
  );
}

function SongSource({ entry }: { entry: Entry }) {
  const kind = linkKind(entry.link);
  if (kind === "pending_email")
    return (
      <Detail label="File">
        <Text size="sm">Coming by e-mail</Text>
      </Detail>
    );
  if (entry.file_key || kind !== "external") return entry.file_status ? <ScanBadge state={entry.file_status} /> : null;
  if (!/^https?:\/\//i.test(entry.link)) return null;
  return (
    <Detail label="Link">
      <Anchor href={entry.link} target="_blank" rel="noopener noreferrer" size="sm" truncate="end" style={{ minWidth: 0 }} title={entry.link}>
        <LinkIcon size={12} style={{ marginRight: 4, verticalAlign: "-1px" }} />
        {entry.link.replace(/^https?:\/\/(www\.)?/i, "")}
      </Anchor>
    </Detail>
  );
}

/** What an opened entry adds to its row: the note, the link or file, when it was sent and how it was prioritised. */
export function EntryDetails({ entry }: { entry: Entry }) {
  const note = entry.message.trim();
  return (
    <Stack gap={6}>
      {note && note !== EMPTY_TEXT && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          <Text span c="dimmed">
            Note:{" "}
          </Text>
          {note}
        </Text>
      )}
      <SongSource entry={entry} />
      {entry.song_details?.available && songDetailsSummary(entry.song_details) && (
        <Detail label={`On ${LINK_PLATFORM_LABELS[entry.platform]}`}>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {songDetailsSummary(entry.song_details)}
          </Text>
        </Detail>
      )}
      <Detail label="Submitted">
        <Text size="sm" component="time" dateTime={entry.submitted_at} title={absoluteTime(entry.submitted_at)}>
          {relativeTime(entry.submitted_at)}
        </Text>
      </Detail>
      {entry.priority_level > 0 && entry.payment_source && (
        <Detail label="Priority">
          <Text size="sm" truncate>
            {PRIORITY_LABELS[entry.priority_level]} · via {paymentSourceLabel(entry.payment_source)}
          </Text>
        </Detail>
      )}
    </Stack>
  );
}
