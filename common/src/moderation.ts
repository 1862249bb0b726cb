import { z } from "zod";
import { canonicalizeLink } from "./link-canonical";
import { LINK_MAX_LENGTH, TEXT_FIELD_MAX_LENGTH } from "./limits";
import { MESSAGES } from "./messages";
import { TEXT_MESSAGES, textField } from "./text";

/**
 * Who or what a ban is on: an account, a guest identity, a channel username, a chat viewer
 * ("platform:platform user id", e.g. "twitch:12345", so a rename does not lift it), or a song (its
 * canonical link key).
 */
export const BAN_KINDS = ["account", "guest", "username", "chat", "link"] as const;
export type BanKind = (typeof BAN_KINDS)[number];

export const BAN_KIND_LABELS: Record<BanKind, string> = {
  account: "Account",
  guest: "Guest",
  username: "Username",
  chat: "Chat viewer",
  link: "Link",
};

export const BAN_REASON_MAX_LENGTH = 500;
export const BAN_MESSAGES = {
  reasonRequired: "A reason is required",
  valueRequired: "Say who or what to ban",
  alreadyBanned: "This is already banned",
  banNotFound: "Ban not found",
} as const;

/**
 * POST moderation/bans: `value` is an account id, a guest id, a username (matched lowercased) or a
 * link, which is stored as its canonical key so every address of the song is banned.
 */
export const banInputSchema = z
  .object({
    kind: z.enum(BAN_KINDS),
    value: textField({ max: LINK_MAX_LENGTH, required: BAN_MESSAGES.valueRequired, missing: BAN_MESSAGES.valueRequired }),
    reason: textField({ max: BAN_REASON_MAX_LENGTH, required: BAN_MESSAGES.reasonRequired, missing: BAN_MESSAGES.reasonRequired, multiline: true }),
  })
  .superRefine((input, ctx) => {
    if (input.kind === "link" && !canonicalizeLink(input.value)) ctx.addIssue({ code: "custom", path: ["value"], message: MESSAGES.invalidLink });
    if (input.kind !== "link" && input.value.length > TEXT_FIELD_MAX_LENGTH)
      ctx.addIssue({ code: "custom", path: ["value"], message: TEXT_MESSAGES.tooLong(TEXT_FIELD_MAX_LENGTH) });
  });
export type BanInput = z.infer<typeof banInputSchema>;

export const banSchema = z.object({
  id: z.string(),
  kind: z.enum(BAN_KINDS),
  /** What the ban matches: the id, the lowercased username or the canonical link key. */
  value: z.string().describe("What the ban matches: the id, the lowercased username or the canonical link key"),
  reason: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type Ban = z.infer<typeof banSchema>;

export const banListSchema = z.object({ bans: z.array(banSchema) });
export const banIdParamsSchema = z.object({ id: z.string().max(100) });

/** The chat-command setup the admin page shows: the secret and the public base of the URLs. */
export const chatSecretSchema = z.object({
  secret: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type ChatSecret = z.infer<typeof chatSecretSchema>;

export const CHAT_COMMANDS = ["song", "next", "queue", "position", "link", "sr", "wrongsong", "skip"] as const;
export type ChatCommand = (typeof CHAT_COMMANDS)[number];
/** The longest answer a bot takes in one chat line. */
export const CHAT_LINE_MAX_LENGTH = 399;
