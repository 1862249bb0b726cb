import type { EmailSignupInput } from "@common/email-signup";

/** The sign-up card's options, in its order: the form's checkboxes and its placeholder's. */
export const EMAIL_SIGNUP_OPTIONS = [
  { key: "queue_notifications", label: "Queue notifications" },
  { key: "up_next", label: "When my song is up next" },
  { key: "general_updates", label: "General updates" },
] as const satisfies readonly { key: keyof Omit<EmailSignupInput, "email">; label: string }[];
