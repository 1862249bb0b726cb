import { useState } from "react";
import { Loader, Stack, Tabs, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { UserStats } from "@common/users";
import { COMMUNITY_MESSAGES } from "@common/community";
import { ACCOUNT_MESSAGES } from "@common/account";
import { historyQueryProps, RecentActivity, type HistoryQuery, type RecentActivityProps } from "../../../components/recent-activity";
import { StatsGrid } from "../../../components/stats-grid";

export interface ProfileTabsProps {
  stats: Pick<UseQueryResult<UserStats>, "data" | "isError">;
  history: HistoryQuery;
  expanded: boolean;
  onExpand: () => void;
  /** Recent Activity's sort and filter, for a page that asks the server to apply them over every submission. */
  onArrange?: RecentActivityProps["onArrange"];
}

function since(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/** Stats and History (Recent Activity with sort, filter and Show More) of one member. */
export function ProfileTabs({ stats: statsQuery, history, expanded, onExpand, onArrange }: ProfileTabsProps) {
  const [tab, setTab] = useState<string | null>("stats");
  const { data: stats, isError: statsFailed } = statsQuery;
  const last = since(stats?.last_submission_at);
  return (
    <Tabs value={tab} onChange={setTab} variant="pills" radius="md">
      <Tabs.List mb="sm">
        <Tabs.Tab value="stats">Stats</Tabs.Tab>
        <Tabs.Tab value="history">History</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="stats">
        <Stack gap="xs">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            Statistics
          </Text>
          {!stats && !statsFailed ? <Loader size="sm" type="dots" aria-label="Loading stats" /> : <StatsGrid stats={statsFailed ? null : stats} />}
          {last && (
            <Text size="xs" c="dimmed" ta="center">
              Last submission {last}
            </Text>
          )}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="history">
        <Stack gap="xs">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            Recent Activity
          </Text>
          <RecentActivity
            {...historyQueryProps(history)}
            failedText={ACCOUNT_MESSAGES.historyFailed}
            emptyText={COMMUNITY_MESSAGES.noRecent}
            expanded={expanded}
            onExpand={onExpand}
            onArrange={onArrange}
            controls
          />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
