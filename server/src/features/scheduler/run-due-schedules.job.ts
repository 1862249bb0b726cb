import type { Job } from "../../jobs/job";
import { systemActor } from "../../lib/access";

/**
 * Every 15 s: the schedules whose time has come. It also runs at start, so a due time missed while the
 * server was down by under 15 minutes runs then.
 */
export const runDueSchedules: Job = {
  name: "runDueSchedules",
  everyMs: 15_000,
  async run(deps) {
    await deps.services.scheduler.execute(systemActor("scheduler"));
  },
};
