import type { Job } from "../../jobs/job";
import { systemActor } from "../../lib/access";

/** Every 5 minutes: files attached to drafts more than 24 hours ago are dropped; the drafts keep their text. */
export const expireDraftFiles: Job = {
  name: "expireDraftFiles",
  everyMs: 5 * 60_000,
  async run(deps) {
    await deps.services.drafts.expireFiles(systemActor("draft file expiry"));
  },
};
