import type { Job } from "./job";

/** Every background job the server runs. */
export const jobs: Job[] = [];
