import { queryOptions } from "@tanstack/react-query";
import type { EmailLinkResult, EmailPreferences } from "@common/email";
import type { EmailSignupInput } from "@common/email-signup";
import { api } from "../../lib/api-client";

export const emailKeys = {
  preferences: (userId: string | null) => ["email", "preferences", userId] as const,
};

// The member's token when signed in (never an admin's), so a member's subscription is theirs.
const asMember = { auth: "user" as const };

/** GET email-subscriptions/preferences: the member's confirmed options; all false for a guest. */
export const emailPreferencesQuery = (userId: string | null) =>
  queryOptions({
    queryKey: emailKeys.preferences(userId),
    queryFn: ({ signal }) => api.get<EmailPreferences>("email-subscriptions/preferences", { ...asMember, signal }),
    enabled: !!userId,
    staleTime: 60_000,
  });

export const subscribeToEmail = (input: EmailSignupInput) => api.post<EmailPreferences & { message: string }>("email-subscriptions/subscribe", { ...asMember, json: input });

/** What a mail's link asks for: confirming a subscription, or leaving it. */
export type EmailLinkAction = "confirm" | "unsubscribe";

export const followEmailLink = (action: EmailLinkAction, token: string) => api.post<EmailLinkResult>(`email-subscriptions/${action}`, { auth: "none", query: { token } });
