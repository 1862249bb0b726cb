export { recordActivity, type ActivityType } from "./activity";
export { usePageActivity } from "./use-page-activity";
export { pageName, useInteractionActivity, usePageVisitActivity } from "./use-activity-signals";
export { trackEvent } from "./track-event";
