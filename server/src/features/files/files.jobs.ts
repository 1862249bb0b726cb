import type { Job } from "../../jobs/job";

/**
 * Every minute: scans files still pending that no scan holds (the server restarted mid-scan, or clamd
 * was unreachable). Fresh uploads do not wait for it: their scan starts as soon as they are stored.
 */
export const scanPendingFiles: Job = {
  name: "scanPendingFiles",
  everyMs: 60_000,
  async run(deps) {
    await deps.services.files.scanPending();
  },
};

/** Every 10 minutes: deletes files of played or removed entries once FILE_RETENTION_HOURS have passed. */
export const deleteExpiredFiles: Job = {
  name: "deleteExpiredFiles",
  everyMs: 10 * 60_000,
  async run(deps) {
    await deps.services.files.deleteExpired();
  },
};
