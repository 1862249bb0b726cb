import type { FeatureDeps } from "../feature-deps";

/**
 * A background job: run every `everyMs`. With several instances only one runs a given tick (a Redis
 * lease when REDIS_URL is set), so a job may assume it is alone.
 */
export interface Job {
  name: string;
  everyMs: number;
  run(deps: FeatureDeps): Promise<void>;
}
