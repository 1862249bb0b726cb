import { lazyModal } from "../../../lib/lazy-modal";

/** Join Queue (disclaimer, submission form, welcome), loaded when first opened. */
export const JoinQueueFlow = lazyModal(() => import("./join-queue-flow").then((m) => m.JoinQueueFlow));

/** The 'How Does It Work' help, loaded when first opened. */
export const HowItWorksDialog = lazyModal(() => import("./how-it-works-dialog").then((m) => m.HowItWorksDialog));

/** Add the next stream to a calendar (.ics file or Google Calendar), loaded when first opened. */
export const AddToCalendarDialog = lazyModal(() => import("./add-to-calendar-dialog").then((m) => m.AddToCalendarDialog));
