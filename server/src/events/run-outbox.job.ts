import type { Job } from "../jobs/job";

/** Every second: the outbox's due side effects, each claimed by one instance and run once. */
export const runOutbox: Job = {
  name: "runOutbox",
  everyMs: 1000,
  async run(deps) {
    // Drains a backlog in batches without waiting a tick between them.
    while ((await deps.services.outbox.runDue()) > 0);
  },
};
