import type { Job } from "../../jobs/job";

/**
 * Every 2 seconds: the song details of links that have none yet (new entries, entries from before the
 * YouTube key was set, songs over yesterday's budget). A pass only queries when prompted by a new entry
 * or once a minute, so the entries of a burst go to YouTube in one videos.list call.
 */
export const fillSongDetails: Job = {
  name: "fillSongDetails",
  everyMs: 2000,
  async run(deps) {
    await deps.services.songDetails.fillMissing();
  },
};
