import { z } from "zod";
import { EMAIL_MESSAGES, EMAIL_SIGNUP_MESSAGES } from "./email-signup";
import { EMAIL_MAX_LENGTH, USER_MESSAGES } from "./users";
import { textField } from "./text";

export { EMAIL_MESSAGES };

export const emailSubscribeSchema = z
  .object({
    email: textField({ max: EMAIL_MAX_LENGTH, required: EMAIL_SIGNUP_MESSAGES.emailRequired, tooLong: USER_MESSAGES.emailInvalid })
      .toLowerCase()
      .pipe(z.email({ error: USER_MESSAGES.emailInvalid })),
    queue_notifications: z.boolean().default(false),
    general_updates: z.boolean().default(false),
    /** Not in the spec: a mail when the subscriber's own entry is next in line. */
    up_next: z.boolean().default(false),
  })
  .refine((body) => body.queue_notifications || body.general_updates || body.up_next, { error: EMAIL_SIGNUP_MESSAGES.optionRequired, path: ["queue_notifications"] });
export type EmailSubscribeBody = z.infer<typeof emailSubscribeSchema>;

/** Spec's "Email preferences": the options of the signed-in member's subscription (none for a guest). */
export const emailPreferencesSchema = z.object({
  queue_notifications: z.boolean(),
  general_updates: z.boolean(),
  up_next: z.boolean(),
  success: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const emailSubscribeResponseSchema = emailPreferencesSchema.extend({ message: z.string() });

/** A signed link's token (confirmation or unsubscribe), as the query of the link. */
export const emailLinkQuerySchema = z.object({ token: textField({ max: 2000, required: EMAIL_MESSAGES.linkInvalid, missing: EMAIL_MESSAGES.linkInvalid }) });

export const emailLinkResultSchema = z.object({ success: z.literal(true), message: z.string() });
export type EmailLinkResult = z.infer<typeof emailLinkResultSchema>;

/** RFC 8058's one-click POST sends `List-Unsubscribe=One-Click` as a form; the page sends nothing. */
export const emailOneClickBodySchema = z.object({ "List-Unsubscribe": z.string().max(100).optional() }).nullish();
