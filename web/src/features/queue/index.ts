/** The queue feature as the rest of the app sees it. */
export { isEntryOf, isOwnEntry, overviewQuery, positionQuery, queueKeys, queueListQuery } from "./api";
export { closedNoticeOf, queueStatusOf } from "./closed-notice";
export { HowItWorksDialog, JoinQueueFlow } from "./components/lazy-modals";
export { JoinQueueButton, QueueClosedNotice } from "./components/join-from-queue";
export { PositionWidget } from "./components/position-widget";
export { QueueClosedOverlay } from "./components/queue-closed-overlay";
export { QueueOverviewPanel } from "./components/queue-overview-panel";
export { QueueSection } from "./components/queue-section";
export { StreamCountdownCard } from "./components/stream-countdown-card";
export { EntryForm } from "./components/entry-form";
export { toSubmission } from "./entry-rules";
export { useFileSubmission, type FileSubmission } from "./use-file-submission";
export { useQueueLiveSync } from "./use-queue-live";
export { useQueueSessionSync } from "./use-queue-session-sync";
export { useRequestPosition } from "./use-request-position";
