import { z } from "zod";
import { authorizeQuery, type AuthorizeRequest } from "../../lib/oauth-authorize";

const HTTP_TIMEOUT_MS = 10_000;

/** Google refused the grant itself (`invalid_grant`: revoked, expired or used): asking again will not help. */
export class GoogleGrantRefused extends Error {}

/** A YouTube Data API call answered an error; `reason` is Google's (quotaExceeded, liveChatEnded, insufficientPermissions...). */
export class YoutubeApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export interface GoogleTokens {
  accessToken: string;
  /** Empty on a refresh: Google keeps the refresh token it gave first. */
  refreshToken: string;
  scopes: string[];
  expiresInSeconds: number;
}

/** A text message in the live chat and who wrote it, as YouTube describes them. */
export interface YoutubeChatMessage {
  id: string;
  text: string;
  channelId: string;
  displayName: string;
  isChatOwner: boolean;
  isChatModerator: boolean;
  isChatSponsor: boolean;
}

export interface YoutubeChatPage {
  messages: YoutubeChatMessage[];
  nextPageToken: string | null;
  pollingIntervalMillis: number;
  /** Set once the broadcast went offline: no more messages will come. */
  offline: boolean;
}

export interface YoutubeChatClientSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  apiBase: string;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  expires_in: z.number().optional(),
});
const errorSchema = z.object({
  error: z.object({ code: z.number().optional(), message: z.string().optional(), errors: z.array(z.object({ reason: z.string().optional() })).optional() }),
});
const channelsSchema = z.object({ items: z.array(z.object({ id: z.string().max(200), snippet: z.object({ title: z.string() }) })).optional() });
const broadcastsSchema = z.object({ items: z.array(z.object({ id: z.string(), snippet: z.object({ liveChatId: z.string().optional() }) })).optional() });
const messagesSchema = z.object({
  nextPageToken: z.string().optional(),
  pollingIntervalMillis: z.number().optional(),
  offlineAt: z.string().optional(),
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({ type: z.string(), textMessageDetails: z.object({ messageText: z.string() }).optional(), displayMessage: z.string().optional() }),
        authorDetails: z
          .object({
            channelId: z.string(),
            displayName: z.string(),
            isChatOwner: z.boolean().optional(),
            isChatModerator: z.boolean().optional(),
            isChatSponsor: z.boolean().optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});

/** Google's OAuth (authorization code, refresh) and the YouTube live chat calls, at the configured addresses. */
export function createYoutubeChatClient(settings: YoutubeChatClientSettings) {
  async function token(form: Record<string, string>): Promise<GoogleTokens> {
    const response = await fetch(settings.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...form }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { error?: unknown };
    if (response.status === 400 && body.error === "invalid_grant") throw new GoogleGrantRefused("invalid_grant");
    const parsed = tokenSchema.safeParse(body);
    if (!response.ok || !parsed.success) throw new Error(`Google's token endpoint answered ${response.status} ${String(body.error ?? "")}`.trim());
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token ?? "",
      scopes: (parsed.data.scope ?? "").split(" ").filter(Boolean),
      expiresInSeconds: parsed.data.expires_in ?? 3600,
    };
  }

  async function call(accessToken: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> {
    const response = await fetch(`${settings.apiBase}${path}`, {
      method: init.method ?? "GET",
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && body !== null) return body;
    const error = errorSchema.safeParse(body);
    const reason = (error.success && error.data.error.errors?.[0]?.reason) || (response.status === 401 ? "authError" : "unknown");
    throw new YoutubeApiError(response.status, reason, `YouTube answered ${response.status} ${reason}`);
  }

  return {
    authorizeUrl(params: AuthorizeRequest): string {
      const query = authorizeQuery(settings.clientId, params);
      // A refresh token, every time (the host may connect again after revoking).
      query.set("access_type", "offline");
      query.set("prompt", "consent");
      query.set("include_granted_scopes", "true");
      return `${settings.authUrl}?${query}`;
    },
    exchangeCode: (code: string, redirectUri: string) => token({ grant_type: "authorization_code", code, redirect_uri: redirectUri }),
    refresh: (refreshToken: string) => token({ grant_type: "refresh_token", refresh_token: refreshToken }),

    /** The token's own channel (channels.list mine=true), or null when the account has none. */
    async myChannel(accessToken: string): Promise<{ id: string; title: string } | null> {
      const parsed = channelsSchema.parse(await call(accessToken, "/channels?part=snippet&mine=true"));
      const channel = parsed.items?.[0];
      return channel ? { id: channel.id, title: channel.snippet.title.slice(0, 200) } : null;
    },

    /** The live chat of the channel's active broadcast, or null when nothing is live. */
    async activeLiveChatId(accessToken: string): Promise<string | null> {
      const parsed = broadcastsSchema.parse(await call(accessToken, "/liveBroadcasts?part=snippet&broadcastStatus=active&broadcastType=all"));
      return parsed.items?.find((item) => item.snippet.liveChatId)?.snippet.liveChatId ?? null;
    },

    async listMessages(accessToken: string, liveChatId: string, pageToken: string | null): Promise<YoutubeChatPage> {
      const query = new URLSearchParams({ liveChatId, part: "snippet,authorDetails", ...(pageToken ? { pageToken } : {}) });
      const parsed = messagesSchema.parse(await call(accessToken, `/liveChat/messages?${query}`));
      const messages = (parsed.items ?? []).flatMap((item) => {
        const text = item.snippet.textMessageDetails?.messageText ?? item.snippet.displayMessage;
        if (item.snippet.type !== "textMessageEvent" || text === undefined || !item.authorDetails) return [];
        const author = item.authorDetails;
        return [
          {
            id: item.id,
            text,
            channelId: author.channelId,
            displayName: author.displayName,
            isChatOwner: author.isChatOwner === true,
            isChatModerator: author.isChatModerator === true,
            isChatSponsor: author.isChatSponsor === true,
          },
        ];
      });
      return { messages, nextPageToken: parsed.nextPageToken ?? pageToken, pollingIntervalMillis: parsed.pollingIntervalMillis ?? 5_000, offline: parsed.offlineAt !== undefined };
    },

    async insertMessage(accessToken: string, liveChatId: string, text: string): Promise<void> {
      await call(accessToken, "/liveChat/messages?part=snippet", {
        method: "POST",
        body: { snippet: { liveChatId, type: "textMessageEvent", textMessageDetails: { messageText: text } } },
      });
    },
  };
}

export type YoutubeChatClient = ReturnType<typeof createYoutubeChatClient>;
