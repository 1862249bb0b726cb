import { useState } from "react";
import { Badge, Box, Flex, Text } from "@mantine/core";
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

/** The platform's title, channel and length, as "title · channel · 3:33" ("" when it gave none). */
export const songDetailsSummary = (details: SongDetails): string =>
  [details.title, details.channel, details.duration_seconds ? formatSongLength(details.duration_seconds) : null].filter(Boolean).join(" · ");

/** What the platform calls the song: "On YouTube: title · channel · 3:33", or that the link finds no song. */
export function songDetailsText(details: SongDetails, platform: LinkPlatform): string {
  const where = LINK_PLATFORM_LABELS[platform];
  if (!details.available) return `Not found on ${where}`;
  const summary = songDetailsSummary(details);
  return summary ? `On ${where}: ${summary}` : "";
}

interface SongDetailsLineProps {
  details?: SongDetails;
  platform: LinkPlatform;
  /** Also say when the video is age-restricted or may not play outside YouTube (what the host needs to know). */
  withFlags?: boolean;
  /** The flags under the text rather than beside it, so neither is cut short (a card). */
  stacked?: boolean;
  /** Only the flags below this width (a table cell on a phone has no room for the title). */
  textFrom?: "xs" | "sm";
}

/** The real title beside what the submitter typed: one dimmed line, cut short when the row is narrow. */
export function SongDetailsLine({ details, platform, withFlags = false, stacked = false, textFrom }: SongDetailsLineProps) {
  if (!details) return null;
  const text = songDetailsText(details, platform);
  const flags = withFlags && details.available ? [details.age_restricted && "Age-restricted", details.embeddable === false && "No embedding"].filter(Boolean) : [];
  if (!text && flags.length === 0) return null;
  return (
    <Flex direction={stacked ? "column" : "row"} align={stacked ? "flex-start" : "center"} gap={stacked ? 2 : 6} wrap="nowrap" style={{ minWidth: 0 }} data-song-details>
      {text && (
        <Text span size="xs" c={details.available ? "dimmed" : "orange.4"} truncate="end" title={text} visibleFrom={textFrom} maw="100%" style={{ minWidth: 0 }}>
          {text}
        </Text>
      )}
      {flags.length > 0 && (
        <Flex gap={4} style={{ flexShrink: 0 }}>
          {flags.map((flag) => (
            <Badge key={String(flag)} size="xs" variant="light" color="orange" style={{ flexShrink: 0, overflow: "visible" }}>
              {flag}
            </Badge>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
