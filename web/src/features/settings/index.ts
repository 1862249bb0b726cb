/** The settings of the back-office: open or closed, the stream link, the inactivity timeout, the next stream and the site itself. */
export { adminSettingsQuery, useSaveSetting } from "./api";
export { InactivityTimeoutForm } from "./components/inactivity-timeout-form";
export { NextStreamForm } from "./components/next-stream-form";
export { QueueSwitch } from "./components/queue-switch";
export { SiteForm } from "./components/site-form";
export { StreamLinkForm } from "./components/stream-link-form";
export { adminSettingsKey } from "./api";
export { DateHelper } from "./components/date-helper";
export { approvalFlag, FlagSwitch, queueFlag, submissionsFlag } from "./components/flag-switch";
export { SkipVoteThresholdForm } from "./components/skip-vote-threshold-form";
