import type { Job } from "../jobs/job";
import { runOutbox } from "../events/run-outbox.job";
import { holdInactiveEntries } from "./activity/hold-inactive-entries.job";
import { deleteExpiredFiles, scanPendingFiles } from "./files/files.jobs";
import { runDueSchedules } from "./scheduler/run-due-schedules.job";
import { expireDraftFiles } from "./drafts/drafts.jobs";
import { pruneClientEvents } from "./client-events/client-events.jobs";
import { forgetOldTwitchChat, settleStuckTwitchRedemptions } from "./twitch/twitch.jobs";
import { forgetOldYoutubeChat } from "./youtube-chat/youtube-chat.jobs";
import { fillSongDetails } from "./song-details/song-details.jobs";

/** Every background job the server runs: each feature's own, and the outbox's. The runner in jobs/ knows none of them. */
export const jobs: Job[] = [
  runOutbox,
  holdInactiveEntries,
  scanPendingFiles,
  deleteExpiredFiles,
  runDueSchedules,
  expireDraftFiles,
  pruneClientEvents,
  forgetOldTwitchChat,
  settleStuckTwitchRedemptions,
  forgetOldYoutubeChat,
  fillSongDetails,
];
