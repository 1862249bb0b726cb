import { z } from "zod";

/** How the built-in YouTube live chat connection is doing, as the admin page shows it. */
export const YOUTUBE_CHAT_STATES = ["not_configured", "not_connected", "connecting", "connected", "reconnecting", "offline", "stopped"] as const;
export type YoutubeChatState = (typeof YOUTUBE_CHAT_STATES)[number];

/** The Google scope the host grants: read the live chat and post the answers in it. */
export const YOUTUBE_CHAT_SCOPE = "https://www.googleapis.com/auth/youtube.force-ssl";

export const YOUTUBE_CHAT_MESSAGES = {
  notConfigured: "YouTube chat needs Google sign-in on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).",
  connectFailed: "Google did not connect the YouTube channel. Please try again.",
  noChannel: "This Google account has no YouTube channel: connect with the account that streams.",
  tokenRevoked: "The Google authorization was revoked: connect YouTube again.",
  missingScope: "Google did not grant the permission to manage your YouTube account (youtube.force-ssl): connect YouTube again and allow it.",
  streamOffline: "Connected; the stream is offline (no active broadcast on the channel).",
  chatEnded: "The broadcast's live chat has ended; waiting for the next broadcast.",
  chatDisabled: "Live chat is turned off for this broadcast.",
  quotaExceeded: "The YouTube Data API quota for today is used up; reading resumes once it resets (midnight Pacific time).",
} as const;

export const youtubeChatStatusSchema = z.object({
  state: z.enum(YOUTUBE_CHAT_STATES),
  /** Why it is not reading (token revoked, missing scope, stream offline, chat ended, quota), or null. */
  reason: z.string().nullable(),
  channel: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type YoutubeChatStatus = z.infer<typeof youtubeChatStatusSchema>;

export const youtubeChatConnectResponseSchema = z.object({ authorize_url: z.string() });
