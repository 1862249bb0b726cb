import { useState } from "react";
import { Badge, Box, Group, Text } from "@mantine/core";
import { formatSongLength } from "@common/host-limits";
import { LINK_PLATFORM_LABELS, type LinkPlatform } from "@common/link-canonical";
import type { SongDetails } from "@common/song-details";

/** The song's picture from its platform (16:9, cropped), or nothing when it has none or it fails to load. */
export function SongThumbnail({ details, width = 64 }: { details?: SongDetails; width?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const address = details?.available ? details.thumbnail_url : null;
  if (!address || failed === address) return null;
  return (
    <Box
      component="img"
      src={address}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      width={width}
      height={Math.round((width * 9) / 16)}
      onError={() => setFailed(address)}
      data-song-thumbnail
      style={{ objectFit: "cover", borderRadius: "var(--mantine-radius-sm)", flexShrink: 0, display: "block", background: "var(--mantine-color-dark-5)" }}
    />
  );
}

/** What the platform calls the song: "On YouTube: title · channel · 3:33", or that the link finds no song. */
export function songDetailsText(details: SongDetails, platform: LinkPlatform): string {
  const where = LINK_PLATFORM_LABELS[platform];
  if (!details.available) return `Not found on ${where}`;
  const parts = [details.title, details.channel, details.duration_seconds ? formatSongLength(details.duration_seconds) : null].filter(Boolean);
  return parts.length ? `On ${where}: ${parts.join(" · ")}` : "";
}

interface SongDetailsLineProps {
  details?: SongDetails;
  platform: LinkPlatform;
  /** Also say when the video is age-restricted or may not play outside YouTube (what the host needs to know). */
  withFlags?: boolean;
}

/** The real title beside what the submitter typed: one dimmed line, cut short when the row is narrow. */
export function SongDetailsLine({ details, platform, withFlags = false }: SongDetailsLineProps) {
  if (!details) return null;
  const text = songDetailsText(details, platform);
  const flags = withFlags && details.available ? [details.age_restricted && "Age-restricted", details.embeddable === false && "No embedding"].filter(Boolean) : [];
  if (!text && flags.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }} data-song-details>
      {text && (
        <Text span size="xs" c={details.available ? "dimmed" : "orange.4"} truncate="end" title={text} style={{ minWidth: 0 }}>
          {text}
        </Text>
      )}
      {flags.map((flag) => (
        <Badge key={String(flag)} size="xs" variant="light" color="orange" style={{ flexShrink: 0 }}>
          {flag}
        </Badge>
      ))}
    </Group>
  );
}
