import { SimpleGrid, Text } from "@mantine/core";
import { BarChart, DonutChart } from "@mantine/charts";
import type { SessionPlay } from "@common/analytics";
import { formatDuration, playsPerHour, priorityVsRegular, waitsInOrder } from "../session-figures";
import { ChartCard, PRIORITY_SERIES, COUNT_AXIS } from "./chart-card";

/** One session in pictures: songs per hour, each song's wait, priority against regular. */
export function SessionCharts({ plays }: { plays: SessionPlay[] }) {
  if (plays.length === 0) {
    return <Text c="dimmed">No song counted yet: the charts appear with the first song played while the session is live.</Text>;
  }
  const perHour = playsPerHour(plays);
  const waits = waitsInOrder(plays);
  const split = priorityVsRegular(plays);
  const busiest = perHour.reduce((best, row) => (row.Songs > best.Songs ? row : best), perHour[0]!);
  const waitText = (value: number | null) => (value === null ? "none" : formatDuration(value));
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
      <ChartCard
        title="Songs played per hour"
        summary={`${plays.length} ${plays.length === 1 ? "song" : "songs"} over ${perHour.length} ${perHour.length === 1 ? "hour" : "hours"}; busiest hour ${busiest.hour} with ${busiest.Songs}.`}
      >
        <BarChart
          accessibilityLayer={false}
          h={200}
          data={perHour}
          dataKey="hour"
          series={[{ name: "Songs", color: "violet.4" }]}
          {...COUNT_AXIS}
          xAxisLabel="Hour"
          yAxisLabel="Songs"
        />
      </ChartCard>
      <ChartCard title="Wait from submission to play" summary={`Average wait: priority ${waitText(split.priorityWaitSeconds)}, regular ${waitText(split.regularWaitSeconds)}.`}>
        <BarChart
          accessibilityLayer={false}
          h={200}
          data={waits}
          dataKey="song"
          type="stacked"
          series={PRIORITY_SERIES}
          valueFormatter={formatDuration}
          yAxisProps={{ allowDecimals: false, width: 64 }}
          xAxisProps={{ tick: false }}
          xAxisLabel="Songs, in play order"
          yAxisLabel="Wait"
          withLegend
          tickLine="none"
        />
      </ChartCard>
      <ChartCard title="Priority against regular" summary={`Priority: ${split.priority}, regular: ${split.regular}.`}>
        <DonutChart
          accessibilityLayer={false}
          pieProps={{ rootTabIndex: -1 }}
          data={[
            { name: "Priority", value: split.priority, color: "grape.4" },
            { name: "Regular", value: split.regular, color: "gray.5" },
          ].filter((cell) => cell.value > 0)}
          withLabels
          withLegend
          withLabelsLine={false}
          withTooltip
          mx="auto"
          size={160}
          thickness={26}
        />
      </ChartCard>
    </SimpleGrid>
  );
}
