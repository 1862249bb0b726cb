import type { Job } from "../../jobs/job";

/** Hourly: forgets the ids of YouTube chat messages handled over a day ago. */
export const forgetOldYoutubeChat: Job = {
  name: "forgetOldYoutubeChat",
  everyMs: 3_600_000,
  async run(deps) {
    await deps.services.youtubeChatRequests.forgetOldChat();
  },
};
