/** The scheduler page's parts, loaded only with that page (it brings @mantine/dates with it). */
export { QueueStatusPanel } from "./components/queue-status-panel";
export { ScheduleList } from "./components/schedule-list";
export { ScheduleRuns } from "./components/schedule-runs";
export { useSchedulerLive } from "./use-scheduler-live";
