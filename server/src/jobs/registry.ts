import type { Job } from "./job";
import { holdInactiveEntries } from "../features/activity/hold-inactive-entries.job";

/** Every background job the server runs. */
export const jobs: Job[] = [holdInactiveEntries];
