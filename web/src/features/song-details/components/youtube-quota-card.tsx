import { Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { YoutubeQuota } from "@common/song-details";
import { youtubeQuotaQuery } from "../api";

const resetFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/** What the quota line says: units used of the budget, and when the count starts again. */
export function quotaSummary(quota: YoutubeQuota): string {
  if (!quota.configured) return "No YouTube API key is set: links show what the submitter typed, and their details are looked up once a key is set.";
  const spent = quota.units_used >= quota.budget ? " Budget reached: new links wait for their details until the reset." : "";
  return `${quota.units_used.toLocaleString()} of ${quota.budget.toLocaleString()} units used today; the count starts again at midnight Pacific time (${resetFormat.format(new Date(quota.resets_at))} your time).${spent}`;
}

/** The host's view of the YouTube quota that song details (titles, lengths, thumbnails of links) spend. */
export function YoutubeQuotaCard() {
  const quota = useQuery(youtubeQuotaQuery());
  if (!quota.data) return null;
  const { units_used, budget, configured } = quota.data;
  const share = budget > 0 ? Math.min(100, (units_used / budget) * 100) : 100;
  return (
    <Paper radius="lg" p="lg" withBorder>
      <Stack gap={6} data-testid="youtube-quota">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>Song details from YouTube</Text>
          {configured && (
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
              {units_used.toLocaleString()} / {budget.toLocaleString()} units
            </Text>
          )}
        </Group>
        {configured && <Progress value={share} color={share >= 100 ? "orange" : "violet"} size="sm" aria-label="YouTube quota used today" />}
        <Text size="sm" c="dimmed">
          {quotaSummary(quota.data)}
        </Text>
      </Stack>
    </Paper>
  );
}
