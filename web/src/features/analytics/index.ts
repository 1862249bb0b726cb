/** The analytics pages' entry; only /analytics and Submissions Played import it, so the charts (recharts) load with them alone. */
export { AnalyticsTabs } from "./components/analytics-tabs";
export { PlayedList } from "./components/played-list";
export { useAnalyticsLive } from "./use-analytics-live";
