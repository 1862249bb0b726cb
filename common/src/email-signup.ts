/** The e-mail sign-up card's rules (spec section 5). */

export const EMAIL_SIGNUP_MESSAGES = {
  emailRequired: "Please enter an email address",
  optionRequired: "Please select at least one subscription option",
} as const;

export interface EmailSignupInput {
  email: string;
  queue_notifications: boolean;
  general_updates: boolean;
}

/** The first problem with the sign-up form, or null when it can be sent. */
export function emailSignupProblem(input: EmailSignupInput): string | null {
  if (!input.email.trim()) return EMAIL_SIGNUP_MESSAGES.emailRequired;
  if (!input.queue_notifications && !input.general_updates) return EMAIL_SIGNUP_MESSAGES.optionRequired;
  return null;
}
