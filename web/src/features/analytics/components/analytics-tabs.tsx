import { Tabs, Title, VisuallyHidden } from "@mantine/core";
import { useSearchParams } from "react-router";
import { AppEventsPanel } from "./app-events-panel";
import { PlayedList } from "./played-list";
import { PriorityAnalyticsPanel } from "./priority-analytics-panel";
import { SessionsPanel } from "./sessions-panel";

const TABS = [
  { value: "played", label: "Submissions Played" },
  { value: "priority", label: "Priority Analytics" },
  { value: "sessions", label: "Sessions" },
  { value: "events", label: "App Events" },
] as const;
type TabValue = (typeof TABS)[number]["value"];
const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

/** The open tab's name as the h2 under the page's h1, so each panel's own headings (h3) follow in order. */
function PanelHeading({ value }: { value: TabValue }) {
  return (
    <VisuallyHidden>
      <Title order={2}>{TABS.find((tab) => tab.value === value)?.label}</Title>
    </VisuallyHidden>
  );
}

/** The tabs of /analytics; the open one is in the address (?tab=), so it survives a reload. */
export function AnalyticsTabs() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: TabValue = isTab(requested) ? requested : "played";
  return (
    <Tabs value={tab} onChange={(value) => isTab(value) && setParams({ tab: value }, { replace: true })} keepMounted={false}>
      <Tabs.List mb="md">
        {TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} px="xs" fz={{ base: "xs", xs: "sm" }}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="played">
        <PanelHeading value="played" />
        <PlayedList headingLevel={3} />
      </Tabs.Panel>
      <Tabs.Panel value="priority">
        <PanelHeading value="priority" />
        <PriorityAnalyticsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="sessions">
        <PanelHeading value="sessions" />
        <SessionsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="events">
        <PanelHeading value="events" />
        <AppEventsPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
