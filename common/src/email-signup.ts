/** The e-mail sign-up card's rules (spec section 5). */

export const EMAIL_SIGNUP_MESSAGES = {
  emailRequired: "Please enter an email address",
  optionRequired: "Please select at least one subscription option",
} as const;

/** What the e-mail routes and pages say (no zod here: the home page loads this first). */
export const EMAIL_MESSAGES = {
  ...EMAIL_SIGNUP_MESSAGES,
  linkInvalid: "This link is invalid or has expired",
  subscribed: "Check your inbox: we sent a link to confirm your subscription.",
  confirmed: "Your subscription is confirmed.",
  unsubscribed: "You are unsubscribed. You will not get these e-mails any more.",
} as const;

export interface EmailSignupInput {
  email: string;
  queue_notifications: boolean;
  general_updates: boolean;
  up_next?: boolean;
}

/** The first problem with the sign-up form, or null when it can be sent. */
export function emailSignupProblem(input: EmailSignupInput): string | null {
  if (!input.email.trim()) return EMAIL_SIGNUP_MESSAGES.emailRequired;
  if (!input.queue_notifications && !input.general_updates && !input.up_next) return EMAIL_SIGNUP_MESSAGES.optionRequired;
  return null;
}
