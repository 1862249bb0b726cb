import type { Job } from "./job";
import { holdInactiveEntries } from "../features/activity/hold-inactive-entries.job";
import { deleteExpiredFiles, scanPendingFiles } from "../features/files/files.jobs";
import { runOutbox } from "../events/run-outbox.job";

/** Every background job the server runs. */
export const jobs: Job[] = [runOutbox, holdInactiveEntries, scanPendingFiles, deleteExpiredFiles];
