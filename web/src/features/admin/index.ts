/** The back-office as the routes see it: session, queue management and settings. */
export { AdminNavCard } from "./components/admin-nav-card";
export { adminListQuery } from "./queue/api";
export { AddQueuerModal } from "./queue/components/add-queuer-modal";
export { AdminQueueSection } from "./queue/components/admin-queue-section";
export { ClearPanel } from "./queue/components/clear-panel";
export { LiveStatus } from "./queue/components/live-status";
export { useAdminQueueLive } from "./queue/use-admin-queue-live";
export { RequireAdmin, useAfterLoginPath } from "./session/admin-guards";
export { AdminLoginForm } from "./session/admin-login-form";
export { AdminSessionProvider, useAdminSession } from "./session/admin-session-provider";
export { adminSettingsQuery } from "./settings/api";
export { InactivityTimeoutForm } from "./settings/components/inactivity-timeout-form";
export { NextStreamForm } from "./settings/components/next-stream-form";
export { QueueSwitch } from "./settings/components/queue-switch";
export { StreamLinkForm } from "./settings/components/stream-link-form";
