import type { Job } from "../../jobs/job";

/** Every five minutes: refunds (or links to their entry) redemptions an instance stopped handling midway. */
export const settleStuckTwitchRedemptions: Job = {
  name: "settleStuckTwitchRedemptions",
  everyMs: 5 * 60_000,
  async run(deps) {
    await deps.services.twitchRequests.settleStuckRedemptions();
  },
};

/** Hourly: forgets the ids of Twitch chat messages handled over a day ago (Twitch redelivers within minutes). */
export const forgetOldTwitchChat: Job = {
  name: "forgetOldTwitchChat",
  everyMs: 3_600_000,
  async run(deps) {
    await deps.services.twitchRequests.forgetOldChat();
  },
};
