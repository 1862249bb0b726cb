import { Anchor, Badge, Group, Text } from "@mantine/core";
import type { Queuer } from "@common/queue";
import { entryLink, type EntryLinkKind } from "../entry-display";

const KIND_LABELS: Record<EntryLinkKind, string | null> = {
  external: null,
  stored_object: "Stored file",
  local_upload: "Uploaded file",
  pending_email: "File coming by e-mail",
};

/** The entry's link, cut at 50 characters: a web address opens in a new tab; files are labelled. */
export function EntryLink({ entry }: { entry: Queuer }) {
  const link = entryLink(entry);
  const label = KIND_LABELS[link.kind];
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text span size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        Link:
      </Text>
      {label && (
        <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
          {label}
        </Badge>
      )}
      {link.href ? (
        <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm" c="violet.2" title={entry.link} style={{ overflowWrap: "anywhere" }}>
          {link.text}
        </Anchor>
      ) : (
        link.kind !== "pending_email" && (
          <Text size="sm" c="dimmed" title={entry.link} style={{ overflowWrap: "anywhere" }}>
            {link.text}
          </Text>
        )
      )}
    </Group>
  );
}
