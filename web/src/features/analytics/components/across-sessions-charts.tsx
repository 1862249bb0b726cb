import { SimpleGrid } from "@mantine/core";
import { BarChart, LineChart } from "@mantine/charts";
import type { Session } from "@common/analytics";
import { acrossSessions, formatDuration } from "../session-figures";
import { ChartCard, PRIORITY_SERIES, COUNT_AXIS } from "./chart-card";

/** Every session side by side, oldest first: songs by kind, and the average wait of each kind. */
export function AcrossSessionsCharts({ sessions }: { sessions: Session[] }) {
  const rows = acrossSessions(sessions);
  const total = rows.reduce((sum, row) => sum + row.Priority + row.Regular, 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <ChartCard title="Songs per session" summary={`${total} ${total === 1 ? "song" : "songs"} over ${rows.length} ${rows.length === 1 ? "session" : "sessions"}.`}>
        <BarChart accessibilityLayer={false} h={200} data={rows} dataKey="session" type="stacked" series={PRIORITY_SERIES} withLegend {...COUNT_AXIS} />
      </ChartCard>
      <ChartCard title="Average wait per session" summary="Time from submission to play, priority and regular songs.">
        <LineChart
          accessibilityLayer={false}
          h={200}
          data={rows}
          dataKey="session"
          series={[
            { name: "Priority wait", color: "grape.4" },
            { name: "Regular wait", color: "gray.5" },
          ]}
          valueFormatter={formatDuration}
          yAxisProps={{ allowDecimals: false, width: 64 }}
          xAxisLabel="Session"
          yAxisLabel="Average wait"
          connectNulls
          withLegend
          tickLine="none"
        />
      </ChartCard>
    </SimpleGrid>
  );
}
