import { z } from "zod";
import { PRIORITY_LABELS, type PriorityLevel } from "./limits";
import { textField } from "./text";

/** Fast Pass tiers a member can hold and spend: 1 Premium, 2 VIP, 3 Super VIP (0 is Regular, not a tier). */
export const FAST_PASS_TIERS = [1, 2, 3] as const;
export type FastPassTier = (typeof FAST_PASS_TIERS)[number];
export const FAST_PASS_COUNT_MIN = 1;
export const FAST_PASS_COUNT_MAX = 100;
/** The Fast Pass Manager lists this many users, most recently active first. */
export const FAST_PASS_USER_LIST_LIMIT = 50;

/** An entry that spent a token carries this payment_source, so lists can tell it from a tier the host set. */
export const FAST_PASS_PAYMENT_SOURCE = "fast_pass";

/** Watch time: a ping counts only this long after the member's previous counted ping. */
export const WATCH_PING_MIN_INTERVAL_SECONDS = 50;
/** How often the /live page pings while the video plays, and how long after it starts playing it first pings. */
export const WATCH_PING_INTERVAL_MS = 60_000;
export const WATCH_PING_FIRST_DELAY_MS = 5_000;
/**
 * An accepted ping credits the real seconds since the member's previous accepted one, at most this many
 * (one ping interval): nobody earns watch time faster than real time, however often they ping.
 */
export const WATCH_PING_MAX_CREDIT_SECONDS = WATCH_PING_INTERVAL_MS / 1000;
export const WATCH_MINUTES_PER_TOKEN_DEFAULT = 60;

/** Why a ledger row exists: a grant (by an admin, or earned by watching) or a token spent on a submission. */
export const LEDGER_SOURCES = ["admin_grant", "watch_time", "spend"] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

export const fastPassTierLabel = (tier: number): string => PRIORITY_LABELS[tier as PriorityLevel] ?? `Tier ${tier}`;

export const LOYALTY_MESSAGES = {
  noToken: (tier: number) => `You have no ${fastPassTierLabel(tier)} Fast Pass left`,
  chooseTier: "Choose a Fast Pass tier",
  userNotFound: "User not found",
  userIdRequired: "user_id is required",
  tierRange: "priority_level must be 1, 2 or 3",
  countRange: `count must be between ${FAST_PASS_COUNT_MIN} and ${FAST_PASS_COUNT_MAX}`,
  sourceAdminGrant: "source must be admin_grant",
  videoIdRequired: "videoId is required",
  loadUsersFailed: "Failed to load users",
  grantFailed: "Failed to grant tokens",
} as const;

/** GET loyalty/balance: tokens left, in all and by tier ("1", "2", "3"). */
export const loyaltyBalanceSchema = z.object({
  available_tokens: z.number().int(),
  tokens_by_level: z.object({ "1": z.number().int(), "2": z.number().int(), "3": z.number().int() }),
});
export type LoyaltyBalance = z.infer<typeof loyaltyBalanceSchema>;

export const EMPTY_BALANCE: LoyaltyBalance = { available_tokens: 0, tokens_by_level: { "1": 0, "2": 0, "3": 0 } };

/** The tiers a balance holds at least one token of, highest first. */
export const heldTiers = (balance: LoyaltyBalance): FastPassTier[] => [...FAST_PASS_TIERS].reverse().filter((tier) => balance.tokens_by_level[String(tier) as "1" | "2" | "3"] > 0);

const VIDEO_ID_MAX_LENGTH = 64;
/** POST loyalty/watch-ping. */
export const watchPingBodySchema = z.object({
  videoId: textField({ max: VIDEO_ID_MAX_LENGTH, required: LOYALTY_MESSAGES.videoIdRequired }),
});

export const WATCH_PING_REFUSALS = ["no_live_stream", "wrong_video", "too_soon"] as const;
export type WatchPingRefusal = (typeof WATCH_PING_REFUSALS)[number];

/**
 * Answer of a watch ping. A ping that does not count is not an error (the stream ended, another tab
 * counted this minute): 200 with `accepted: false` and why.
 */
export const watchPingResponseSchema = z.object({
  accepted: z.boolean(),
  reason: z.enum(WATCH_PING_REFUSALS).nullable(),
  /** Counted minutes since the account began watching. */
  watched_minutes: z.number().int(),
  /** Counted minutes still needed for the next Premium token. */
  minutes_to_next_token: z.number().int(),
  /** True when this ping earned a Premium token. */
  token_granted: z.boolean(),
});
export type WatchPingResponse = z.infer<typeof watchPingResponseSchema>;

const tierField = (fallback: number) =>
  z.coerce.number({ error: LOYALTY_MESSAGES.tierRange }).int(LOYALTY_MESSAGES.tierRange).min(1, LOYALTY_MESSAGES.tierRange).max(3, LOYALTY_MESSAGES.tierRange).default(fallback);

/** POST fastpass/admin/grant {user_id, source 'admin_grant', priority_level, count}. */
export const fastPassGrantSchema = z.object({
  user_id: textField({ max: 200, required: LOYALTY_MESSAGES.userIdRequired }),
  source: z.literal("admin_grant", { error: LOYALTY_MESSAGES.sourceAdminGrant }).default("admin_grant"),
  priority_level: tierField(1),
  count: z.coerce
    .number({ error: LOYALTY_MESSAGES.countRange })
    .int(LOYALTY_MESSAGES.countRange)
    .min(FAST_PASS_COUNT_MIN, LOYALTY_MESSAGES.countRange)
    .max(FAST_PASS_COUNT_MAX, LOYALTY_MESSAGES.countRange)
    .default(1),
});
export type FastPassGrantInput = z.infer<typeof fastPassGrantSchema>;

/** POST fastpass/admin/balances: the Fast Pass Manager asks the balances of the users it lists (at most 50). */
export const fastPassBalancesInputSchema = z.object({
  user_ids: z
    .array(textField({ max: 200, required: LOYALTY_MESSAGES.userIdRequired }), { error: "user_ids must be a list of user ids" })
    .max(FAST_PASS_USER_LIST_LIMIT, `At most ${FAST_PASS_USER_LIST_LIMIT} users at once`),
});
export const fastPassBalancesSchema = z.object({
  balances: z.record(z.string(), loyaltyBalanceSchema).describe("Each asked user's tokens by id; a user with none (or unknown) has an empty balance"),
});
export type FastPassBalances = z.infer<typeof fastPassBalancesSchema>;

export const fastPassGrantResponseSchema = z.object({
  user_id: z.string(),
  priority_level: z.number().int(),
  count: z.number().int(),
  balance: loyaltyBalanceSchema,
});
export type FastPassGrantResponse = z.infer<typeof fastPassGrantResponseSchema>;

/** The Fast Pass Manager's count field: whole numbers clamped to 1-100; blank or junk is 1. */
export function clampGrantCount(value: unknown): number {
  const n = Math.trunc(Number(value));
  if (!Number.isFinite(n)) return FAST_PASS_COUNT_MIN;
  return Math.min(FAST_PASS_COUNT_MAX, Math.max(FAST_PASS_COUNT_MIN, n));
}
