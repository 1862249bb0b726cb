import { Badge } from "@mantine/core";
import { LINK_PLATFORM_LABELS, type LinkPlatform } from "@common/link-canonical";

/** Where an entry's link plays; with `videoId`, the YouTube video the host will see. */
export function PlatformBadge({ platform, videoId }: { platform: LinkPlatform; videoId?: string | null }) {
  const label = LINK_PLATFORM_LABELS[platform];
  return (
    <Badge size="sm" variant="outline" color="gray" tt="none" title={videoId ? `${label} video ${videoId}` : label}>
      {videoId ? `${label} · ${videoId}` : label}
    </Badge>
  );
}
