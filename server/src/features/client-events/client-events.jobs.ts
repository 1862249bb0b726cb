import type { Job } from "../../jobs/job";
import { systemActor } from "../../lib/access";

/** Every hour: product events older than the retention period (90 days) are deleted. */
export const pruneClientEvents: Job = {
  name: "pruneClientEvents",
  everyMs: 60 * 60_000,
  async run(deps) {
    await deps.services.clientEvents.prune(systemActor("client event retention"));
  },
};
