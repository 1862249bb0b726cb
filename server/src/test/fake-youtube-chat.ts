import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";

const FORCE_SSL = "https://www.googleapis.com/auth/youtube.force-ssl";

export interface FakeChatAuthor {
  channelId: string;
  displayName: string;
  isChatOwner?: boolean;
  isChatModerator?: boolean;
  isChatSponsor?: boolean;
}

export interface FakeYoutubeChat {
  url: string;
  /** GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL and YOUTUBE_API_BASE (and the client) pointing the app here. */
  env: Record<string, string>;
  /** The channel the next consent signs in as, and the scopes the host leaves ticked (all asked for by default). */
  nextAuthorize: { channel: { id: string; title: string } | null; grantScopes?: string[] };
  /** The live chat of the active broadcast; null: nothing is live. */
  broadcast: { liveChatId: string; ended: boolean } | null;
  pollingIntervalMillis: number;
  /** Posts a text message in the live chat (the same `id` twice: YouTube listing it twice). Returns its id. */
  say(author: FakeChatAuthor, text: string, id?: string): string;
  /** Lines the app inserted in the live chat, in order. */
  inserted: { liveChatId: string; text: string }[];
  /** Every API request (path and query), in order. */
  requests: URL[];
  /** Form bodies received at the token endpoint. */
  tokenRequests: Record<string, string>[];
  /** The next API calls answer this Google error (status and reason), one call each. */
  failures: { status: number; reason: string }[];
  /** Every grant and token so far stops working: the API answers 401 and a refresh `invalid_grant`. */
  revokeAll(): void;
  /** Access tokens issued so far stop working (as if they expired early); refresh tokens still work. */
  expireAccessTokens(): void;
  /** An access token for the channel, as a Google sign-in with the YouTube scope would get. */
  issueAccessToken(channel: { id: string; title: string }, scopes?: string[]): string;
  close(): Promise<void>;
}

function googleError(code: number, reason: string) {
  return { error: { code, message: reason, errors: [{ message: reason, domain: "youtube.liveChat", reason }], status: code === 403 ? "PERMISSION_DENIED" : "INVALID_ARGUMENT" } };
}

/**
 * A local stand-in for Google's OAuth and the YouTube live chat API: the authorize page, the token
 * endpoint (code and refresh, invalid_grant once revoked), channels.list mine, liveBroadcasts.list
 * active, and liveChatMessages list (pollingIntervalMillis, page tokens, offlineAt) and insert.
 */
export async function startFakeYoutubeChat(
  client: { clientId: string; clientSecret: string } = { clientId: "fake-client.apps.example.com", clientSecret: "fake-secret" },
): Promise<FakeYoutubeChat> {
  const codes = new Map<string, { channel: { id: string; title: string } | null; scopes: string[]; redirectUri: string }>();
  const accessTokens = new Map<string, { channel: { id: string; title: string } | null; scopes: string[] }>();
  const refreshTokens = new Map<string, { channel: { id: string; title: string } | null; scopes: string[] }>();
  const messages: { id: string; author: FakeChatAuthor; text: string; liveChatId: string }[] = [];

  const issue = (grant: { channel: { id: string; title: string } | null; scopes: string[] }) => {
    const token = `ya29.${randomBytes(12).toString("hex")}`;
    accessTokens.set(token, grant);
    return token;
  };

  const fake: FakeYoutubeChat = {
    url: "",
    env: {},
    nextAuthorize: { channel: { id: "UCstreamer000000000000", title: "Streamer" } },
    broadcast: null,
    pollingIntervalMillis: 8000,
    say(author, text, id = `msg-${randomBytes(8).toString("hex")}`) {
      if (!fake.broadcast) throw new Error("No live chat to say anything in");
      messages.push({ id, author, text, liveChatId: fake.broadcast.liveChatId });
      return id;
    },
    inserted: [],
    requests: [],
    tokenRequests: [],
    failures: [],
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    expireAccessTokens() {
      accessTokens.clear();
    },
    issueAccessToken: (channel, scopes = [FORCE_SSL]) => issue({ channel, scopes }),
    close: async () => undefined,
  };

  function item(message: (typeof messages)[number]) {
    return {
      kind: "youtube#liveChatMessage",
      etag: "etag",
      id: message.id,
      snippet: {
        type: "textMessageEvent",
        liveChatId: message.liveChatId,
        authorChannelId: message.author.channelId,
        publishedAt: new Date().toISOString(),
        hasDisplayContent: true,
        displayMessage: message.text,
        textMessageDetails: { messageText: message.text },
      },
      authorDetails: {
        channelId: message.author.channelId,
        channelUrl: `http://www.youtube.com/channel/${message.author.channelId}`,
        displayName: message.author.displayName,
        profileImageUrl: "https://yt3.example/photo.jpg",
        isVerified: false,
        isChatOwner: message.author.isChatOwner ?? false,
        isChatSponsor: message.author.isChatSponsor ?? false,
        isChatModerator: message.author.isChatModerator ?? false,
      },
    };
  }

  async function readBody(request: http.IncomingMessage): Promise<string> {
    let text = "";
    for await (const chunk of request) text += chunk;
    return text;
  }

  async function api(url: URL, request: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
    const grant = accessTokens.get((request.headers.authorization ?? "").replace(/^Bearer /, ""));
    if (!grant) return { status: 401, body: googleError(401, "authError") };
    const failure = fake.failures.shift();
    if (failure) return { status: failure.status, body: googleError(failure.status, failure.reason) };
    const resource = url.pathname.replace(/^\/youtube\/v3/, "");
    if (resource === "/channels") {
      if (url.searchParams.get("mine") !== "true") return { status: 400, body: googleError(400, "missingRequiredParameter") };
      const items = grant.channel ? [{ kind: "youtube#channel", etag: "etag", id: grant.channel.id, snippet: { title: grant.channel.title } }] : [];
      return { status: 200, body: { kind: "youtube#channelListResponse", etag: "etag", pageInfo: { totalResults: items.length, resultsPerPage: 5 }, items } };
    }
    if (!grant.scopes.includes(FORCE_SSL)) return { status: 403, body: googleError(403, "insufficientPermissions") };
    if (resource === "/liveBroadcasts") {
      const filters = ["broadcastStatus", "id", "mine"].filter((name) => url.searchParams.has(name));
      if (filters.length !== 1) return { status: 400, body: googleError(400, "incompatibleParameters") };
      // Without broadcastType=all, YouTube lists scheduled events only, not a "Stream now" broadcast.
      const listed = fake.broadcast && !fake.broadcast.ended && url.searchParams.get("broadcastStatus") === "active" && url.searchParams.get("broadcastType") === "all";
      const items = listed ? [{ kind: "youtube#liveBroadcast", etag: "etag", id: "broadcast1", snippet: { title: "Live", liveChatId: fake.broadcast!.liveChatId } }] : [];
      return { status: 200, body: { kind: "youtube#liveBroadcastListResponse", etag: "etag", pageInfo: { totalResults: items.length, resultsPerPage: 5 }, items } };
    }
    if (resource === "/liveChat/messages" && request.method === "POST") {
      const body = JSON.parse((await readBody(request)) || "{}") as { snippet?: { liveChatId?: string; type?: string; textMessageDetails?: { messageText?: string } } };
      const text = body.snippet?.textMessageDetails?.messageText;
      if (!body.snippet?.liveChatId) return { status: 400, body: googleError(400, "liveChatIdRequired") };
      if (body.snippet.type !== "textMessageEvent") return { status: 400, body: googleError(400, "typeRequired") };
      if (!text) return { status: 400, body: googleError(400, "messageTextRequired") };
      if (text.length > 200) return { status: 400, body: googleError(400, "messageTextInvalid") };
      if (!fake.broadcast || fake.broadcast.liveChatId !== body.snippet.liveChatId) return { status: 404, body: googleError(404, "liveChatNotFound") };
      if (fake.broadcast.ended) return { status: 403, body: googleError(403, "liveChatEnded") };
      fake.inserted.push({ liveChatId: body.snippet.liveChatId, text });
      return { status: 200, body: { kind: "youtube#liveChatMessage", id: `inserted-${fake.inserted.length}`, snippet: body.snippet } };
    }
    if (resource === "/liveChat/messages") {
      const liveChatId = url.searchParams.get("liveChatId");
      if (!liveChatId) return { status: 400, body: googleError(400, "liveChatIdRequired") };
      if (!fake.broadcast || fake.broadcast.liveChatId !== liveChatId) return { status: 404, body: googleError(404, "liveChatNotFound") };
      if (fake.broadcast.ended) return { status: 403, body: googleError(403, "liveChatEnded") };
      const from = Number((url.searchParams.get("pageToken") ?? "p0").slice(1)) || 0;
      const inChat = messages.filter((message) => message.liveChatId === liveChatId);
      const items = inChat.slice(from).map(item);
      return {
        status: 200,
        body: {
          kind: "youtube#liveChatMessageListResponse",
          etag: "etag",
          nextPageToken: `p${inChat.length}`,
          pollingIntervalMillis: fake.pollingIntervalMillis,
          pageInfo: { totalResults: items.length, resultsPerPage: items.length },
          items,
        },
      };
    }
    return { status: 404, body: googleError(404, "notFound") };
  }

  async function token(request: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    fake.tokenRequests.push(form);
    if (form.client_id !== client.clientId || form.client_secret !== client.clientSecret) return { status: 401, body: { error: "invalid_client" } };
    if (form.grant_type === "refresh_token") {
      const grant = refreshTokens.get(form.refresh_token ?? "");
      if (!grant) return { status: 400, body: { error: "invalid_grant", error_description: "Token has been expired or revoked." } };
      return { status: 200, body: { access_token: issue(grant), expires_in: 3599, scope: grant.scopes.join(" "), token_type: "Bearer" } };
    }
    const grant = codes.get(form.code ?? "");
    if (form.grant_type !== "authorization_code" || !grant || grant.redirectUri !== form.redirect_uri)
      return { status: 400, body: { error: "invalid_grant", error_description: "Bad Request" } };
    codes.delete(form.code!);
    const refresh = `1//${randomBytes(16).toString("hex")}`;
    refreshTokens.set(refresh, grant);
    return { status: 200, body: { access_token: issue(grant), expires_in: 3599, refresh_token: refresh, scope: grant.scopes.join(" "), token_type: "Bearer" } };
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const send = ({ status, body }: { status: number; body: unknown }) =>
      response.writeHead(status, { "content-type": "application/json; charset=UTF-8" }).end(JSON.stringify(body));
    if (url.pathname === "/o/oauth2/v2/auth") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      if (url.searchParams.get("client_id") !== client.clientId || !redirectUri) return send({ status: 400, body: { error: "invalid_request" } });
      const code = randomBytes(12).toString("hex");
      const asked = (url.searchParams.get("scope") ?? "").split(" ");
      codes.set(code, { channel: fake.nextAuthorize.channel, scopes: fake.nextAuthorize.grantScopes ?? asked, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      return response.writeHead(302, { location: back.toString() }).end();
    }
    if (url.pathname === "/token" && request.method === "POST") return void token(request).then(send);
    fake.requests.push(url);
    void api(url, request).then(send);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = {
    GOOGLE_CLIENT_ID: client.clientId,
    GOOGLE_CLIENT_SECRET: client.clientSecret,
    GOOGLE_AUTH_URL: `${fake.url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${fake.url}/token`,
    YOUTUBE_API_BASE: `${fake.url}/youtube/v3`,
  };
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
