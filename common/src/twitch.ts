import { z } from "zod";

/** How the built-in Twitch chat connection is doing, as the admin page shows it. */
export const TWITCH_CONNECTION_STATES = ["not_configured", "not_connected", "connecting", "connected", "reconnecting", "stopped"] as const;
export type TwitchConnectionState = (typeof TWITCH_CONNECTION_STATES)[number];

export const TWITCH_MESSAGES = {
  notConfigured: "Twitch is not configured on this server (TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET).",
  notConnected: "Connect a Twitch channel first.",
  tokenRevoked: "The Twitch authorization was revoked: connect the channel again.",
  missingScope: (scope: string) => `Twitch did not grant the ${scope} permission: connect the channel again and allow it.`,
  streamOffline: "Connected; the stream is offline.",
  connectFailed: "Twitch did not connect the channel. Please try again.",
  rewardCostInvalid: "A reward costs 1 to 1,000,000 points.",
  rewardsFailed: "Twitch refused to create the reward (channel points need an Affiliate or Partner channel).",
} as const;

export const twitchStatusSchema = z.object({
  state: z.enum(TWITCH_CONNECTION_STATES),
  /** Why it is not connected (token revoked, a missing scope, stream offline), or null. */
  reason: z.string().nullable(),
  channel: z.object({ id: z.string(), login: z.string(), display_name: z.string() }).nullable(),
  missing_scopes: z.array(z.string()),
  request_reward_id: z.string().nullable(),
  skip_reward_id: z.string().nullable(),
});
export type TwitchStatus = z.infer<typeof twitchStatusSchema>;

export const twitchConnectResponseSchema = z.object({ authorize_url: z.string() });

const rewardCost = z
  .number({ error: TWITCH_MESSAGES.rewardCostInvalid })
  .int(TWITCH_MESSAGES.rewardCostInvalid)
  .min(1, TWITCH_MESSAGES.rewardCostInvalid)
  .max(1_000_000, TWITCH_MESSAGES.rewardCostInvalid);

export const twitchRewardsInputSchema = z.object({
  /** Points for "Request a song" (the viewer types the link or song). */
  request_cost: rewardCost,
  /** Points for "Skip the line"; no such reward when absent. */
  skip_cost: rewardCost.optional(),
});
export type TwitchRewardsInput = z.infer<typeof twitchRewardsInputSchema>;

export const TWITCH_REWARD_TITLES = { request: "Request a song", skip: "Skip the line" } as const;
