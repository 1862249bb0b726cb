import { Alert, SimpleGrid, Skeleton, Stack } from "@mantine/core";
import { BarChart, DonutChart } from "@mantine/charts";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@common/error-catalogue";
import { priorityAnalyticsQuery } from "../api";
import { formatDuration } from "../session-figures";
import { ChartCard, PRIORITY_SERIES, COUNT_AXIS } from "./chart-card";
import { Figure } from "./figure";

/** The Priority Analytics tab: tiers in the queue now, payment sources, waits and plays. */
export function PriorityAnalyticsPanel() {
  const figures = useQuery(priorityAnalyticsQuery());
  if (figures.isPending) return <Skeleton height={320} radius="md" />;
  if (figures.isError) {
    return (
      <Alert color="red" variant="light" title="Could not load the priority analytics">
        {errorMessage(figures.error)}
      </Alert>
    );
  }
  const f = figures.data;
  const tiers = [
    { name: "Premium", value: f.premium_users, color: "blue.5" },
    { name: "VIP", value: f.vip_users, color: "grape.5" },
    { name: "Super VIP", value: f.super_vip_users, color: "orange.5" },
  ];
  const played = [{ kind: "Played", Priority: f.priority_played, Regular: f.regular_played }];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Priority users" value={f.total_priority_users} />
        <Figure label="Premium" value={f.premium_users} />
        <Figure label="VIP" value={f.vip_users} />
        <Figure label="Super VIP" value={f.super_vip_users} />
        <Figure label="Average wait" value={f.avg_wait_time === null ? "–" : formatDuration(f.avg_wait_time)} />
        <Figure label="Priority played" value={f.priority_played} />
        <Figure label="Regular played" value={f.regular_played} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <ChartCard
          title="Priority tiers in the queue"
          summary={f.total_priority_users === 0 ? "No priority entry in the queue right now." : tiers.map((tier) => `${tier.name}: ${tier.value}`).join(", ")}
        >
          {f.total_priority_users > 0 && (
            <DonutChart
              accessibilityLayer={false}
              pieProps={{ rootTabIndex: -1 }}
              data={tiers.filter((tier) => tier.value > 0)}
              withLabels
              withLabelsLine={false}
              withTooltip
              withLegend
              mx="auto"
              size={160}
              thickness={26}
            />
          )}
        </ChartCard>
        <ChartCard
          title="Payment sources"
          summary={f.payment_sources.length ? f.payment_sources.map((s) => `${s.source}: ${s.count}`).join(", ") : "No priority entry in the queue has a payment source."}
        >
          {f.payment_sources.length > 0 && (
            <BarChart
              accessibilityLayer={false}
              h={180}
              data={f.payment_sources}
              dataKey="source"
              series={[{ name: "count", label: "Entries", color: "violet.4" }]}
              {...COUNT_AXIS}
            />
          )}
        </ChartCard>
        <ChartCard title="Priority against regular, every play" summary={`Priority: ${f.priority_played}, regular: ${f.regular_played}.`}>
          <BarChart accessibilityLayer={false} h={180} data={played} dataKey="kind" series={PRIORITY_SERIES} withLegend {...COUNT_AXIS} />
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}
