import { SimpleGrid, Text } from "@mantine/core";
import { COMMUNITY_MESSAGES } from "@common/community";
import type { UserStats } from "@common/users";
import { StatCount } from "./stat-count";

/** Play rate (0 to 1) as a whole percentage. */
export function playRatePercent(rate: number): string {
  return `${Math.round((Number.isFinite(rate) ? rate : 0) * 100)}%`;
}

/** Submissions, Played and Play Rate; 'No stats available.' without them. */
export function StatsGrid({ stats }: { stats: UserStats | null | undefined }) {
  if (!stats) {
    return (
      <Text c="dimmed" size="sm">
        {COMMUNITY_MESSAGES.noStats}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={3} spacing="xs" aria-label="Statistics">
      <StatCount label="Submissions" value={stats.total_submissions} />
      <StatCount label="Played" value={stats.total_played} />
      <StatCount label="Play Rate" value={playRatePercent(stats.submission_rate)} />
    </SimpleGrid>
  );
}
