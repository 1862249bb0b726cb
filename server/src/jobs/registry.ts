import type { Job } from "./job";
import { holdInactiveEntries } from "../features/activity/hold-inactive-entries.job";
import { deleteExpiredFiles, scanPendingFiles } from "../features/files/files.jobs";
import { runOutbox } from "../events/run-outbox.job";
import { runDueSchedules } from "../features/scheduler/run-due-schedules.job";
import { expireDraftFiles } from "../features/drafts/drafts.jobs";
import { pruneClientEvents } from "../features/client-events/client-events.jobs";
import { forgetOldTwitchChat } from "../features/twitch/twitch.jobs";

/** Every background job the server runs. */
export const jobs: Job[] = [runOutbox, holdInactiveEntries, scanPendingFiles, deleteExpiredFiles, runDueSchedules, expireDraftFiles, pruneClientEvents, forgetOldTwitchChat];
