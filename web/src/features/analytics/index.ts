/**
 * The analytics pages' entry, apart from the admin feature's index so that the charts (recharts) load
 * only with /analytics, not with every admin page.
 */
export { AnalyticsTabs } from "./components/analytics-tabs";
export { PlayedList } from "./components/played-list";
export { useAnalyticsLive } from "./use-analytics-live";
