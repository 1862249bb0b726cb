/** The host's queue: the admin lists, the entry actions, Play next, add, clear and the live status. */
export { adminListQuery } from "./api";
export { AddEntryModal } from "./components/add-entry-modal";
export { AdminQueueSection } from "./components/admin-queue-section";
export { QueueToolbar, useQueueView } from "./components/queue-toolbar";
export { ShowControls } from "./components/show-controls";
export { NO_FILTER, type EntryFilter } from "./entry-filter";
export { ClearPanel } from "./components/clear-panel";
export { LiveStatus } from "./components/live-status";
export { useAdminQueueLive } from "./use-admin-queue-live";
export { adminQueueKeys } from "./api";
export { usePlayNext } from "./api";
export { playable } from "./entry-display";
