import type { Job } from "../../jobs/job";

/** Hourly: forgets the ids of Twitch chat messages handled over a day ago (Twitch redelivers within minutes). */
export const forgetOldTwitchChat: Job = {
  name: "forgetOldTwitchChat",
  everyMs: 3_600_000,
  async run(deps) {
    await deps.services.twitchRequests.forgetOldChat();
  },
};
