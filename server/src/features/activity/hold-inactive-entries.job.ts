import type { Job } from "../../jobs/job";
import { systemActor } from "../../lib/access";

/** Every 30 s: waiting entries of submitters gone silent for the inactivity timeout go on hold. */
export const holdInactiveEntries: Job = {
  name: "holdInactiveEntries",
  everyMs: 30_000,
  async run(deps) {
    await deps.services.activity.holdInactiveEntries(systemActor("holdInactiveEntries"));
  },
};
