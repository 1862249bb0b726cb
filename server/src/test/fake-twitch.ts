import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomUUID } from "node:crypto";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { createFakeEventSub, type FakeEventSub } from "./fake-twitch-eventsub";

export interface FakeTwitchUser {
  id: string;
  login: string;
  display_name: string;
  email?: string;
  email_verified?: boolean;
}

interface Grant {
  user: FakeTwitchUser;
  scopes: string[];
  redirectUri: string;
  nonce?: string;
}

interface AccessToken {
  user: FakeTwitchUser;
  scopes: string[];
  expiresAt: number;
}

export interface FakeReward {
  id: string;
  broadcaster_id: string;
  title: string;
  cost: number;
  prompt: string;
  is_user_input_required: boolean;
}

export interface FakeTwitch {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The TWITCH_* settings that point the app at this server. */
  env: Record<string, string>;
  eventSub: FakeEventSub;
  /** Who approves at the next visit of the authorize page, and which of the asked scopes they grant (all when unset). */
  nextAuthorize: { user: FakeTwitchUser; grantScopes?: string[]; deny?: boolean };
  /** Users Helix knows, by id. */
  users: Map<string, FakeTwitchUser>;
  /** Logins that are live now. */
  liveLogins: Set<string>;
  rewards: Map<string, FakeReward>;
  /** Redemption id -> its status; PATCH moves UNFULFILLED to FULFILLED or CANCELED once. */
  redemptions: Map<string, { rewardId: string; status: "UNFULFILLED" | "FULFILLED" | "CANCELED" }>;
  /** Every accepted redemption status change, in order. */
  redemptionUpdates: { id: string; status: string }[];
  /** Chat lines the app sent, in order. */
  chatMessages: { broadcaster_id: string; sender_id: string; message: string }[];
  /** The next this many Helix PATCHes of redemptions fail with 503 (an outage). */
  failRedemptionUpdates: number;
  /** While true, every Helix and token call answers 503 (Twitch down). */
  outage: boolean;
  /**
   * When set, an EventSub subscription request is answered only once this settles (to order it against
   * others); settling with "session_gone" answers as Twitch does once the socket has closed.
   */
  holdSubscription: ((request: { type: string; sessionId: string }) => Promise<void | "session_gone">) | null;
  /** Makes every access token issued so far expire now (the next Helix call gets 401). */
  expireAccessTokens(): void;
  /** Revokes every token (the refresh token stops working too). */
  revokeAll(): void;
  tokenRequests: Record<string, string>[];
  close(): Promise<void>;
}

const KEY_ID = "fake-twitch-key";

/**
 * A local stand-in for Twitch: OAuth (authorization code, refresh, validate) and OIDC ID tokens with a
 * real RS256 key set at id.twitch.tv's paths, the Helix calls LiveQueue makes, and EventSub over WebSocket.
 */
export async function startFakeTwitch(options: { keepaliveSeconds?: number; port?: number; clientId?: string; clientSecret?: string } = {}): Promise<FakeTwitch> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: "RS256", use: "sig" };
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, Pick<Grant, "user" | "scopes">>();
  const server = http.createServer((request, response) => void handle(request, response));
  const fake: FakeTwitch = {
    url: "",
    clientId: options.clientId ?? `twitch-${randomBytes(4).toString("hex")}`,
    clientSecret: options.clientSecret ?? randomBytes(16).toString("hex"),
    env: {},
    eventSub: createFakeEventSub(server, { keepaliveSeconds: options.keepaliveSeconds ?? 10 }),
    nextAuthorize: { user: { id: "1001", login: "streamer", display_name: "Streamer" } },
    users: new Map(),
    liveLogins: new Set(),
    rewards: new Map(),
    redemptions: new Map(),
    redemptionUpdates: [],
    chatMessages: [],
    failRedemptionUpdates: 0,
    outage: false,
    holdSubscription: null,
    expireAccessTokens: () => accessTokens.forEach((token) => (token.expiresAt = 0)),
    revokeAll: () => {
      accessTokens.clear();
      refreshTokens.clear();
    },
    tokenRequests: [],
    close: async () => undefined,
  };

  function issueTokens(user: FakeTwitchUser, scopes: string[]) {
    const access = randomBytes(15).toString("hex");
    const refresh = randomBytes(25).toString("hex");
    accessTokens.set(access, { user, scopes, expiresAt: Date.now() + 4 * 3600_000 });
    refreshTokens.set(refresh, { user, scopes });
    return { access_token: access, refresh_token: refresh, expires_in: 14400, scope: scopes, token_type: "bearer" };
  }

  async function idToken(user: FakeTwitchUser, nonce: string | undefined): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: `${fake.url}/oauth2`,
      sub: user.id,
      aud: fake.clientId,
      iat: now,
      exp: now + 900,
      preferred_username: user.display_name,
      email: user.email,
      email_verified: user.email_verified,
      nonce,
    };
    for (const [name, value] of Object.entries(claims)) if (value === undefined) delete (claims as Record<string, unknown>)[name];
    return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: KEY_ID, typ: "JWT" }).sign(privateKey);
  }

  async function readBody(request: http.IncomingMessage): Promise<string> {
    let text = "";
    for await (const chunk of request) text += chunk;
    return text;
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    // Helix answers carry the rate-limit bucket (twurple's limiter paces calls by it).
    const rateLimit = url.pathname.startsWith("/helix/")
      ? { "ratelimit-limit": "800", "ratelimit-remaining": "799", "ratelimit-reset": String(Math.ceil(Date.now() / 1000) + 60) }
      : {};
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", ...rateLimit });
      response.end(JSON.stringify(body));
    };
    const helixError = (status: number, message: string) => send(status, { error: http.STATUS_CODES[status], status, message });
    const path = url.pathname;

    if (path === "/oauth2/.well-known/openid-configuration") {
      return send(200, {
        issuer: `${fake.url}/oauth2`,
        authorization_endpoint: `${fake.url}/oauth2/authorize`,
        token_endpoint: `${fake.url}/oauth2/token`,
        jwks_uri: `${fake.url}/oauth2/keys`,
        id_token_signing_alg_values_supported: ["RS256"],
      });
    }
    if (path === "/oauth2/keys") return send(200, { keys: [jwk] });
    if (path === "/oauth2/authorize") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      if (url.searchParams.get("client_id") !== fake.clientId || !redirectUri || url.searchParams.get("response_type") !== "code")
        return send(400, { status: 400, message: "invalid request" });
      const back = new URL(redirectUri);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      if (fake.nextAuthorize.deny) {
        back.searchParams.set("error", "access_denied");
      } else {
        const asked = (url.searchParams.get("scope") ?? "").split(" ").filter(Boolean);
        const scopes = fake.nextAuthorize.grantScopes ?? asked;
        const code = randomBytes(12).toString("hex");
        codes.set(code, { user: fake.nextAuthorize.user, scopes, redirectUri, nonce: url.searchParams.get("nonce") ?? undefined });
        fake.users.set(fake.nextAuthorize.user.id, fake.nextAuthorize.user);
        back.searchParams.set("code", code);
      }
      response.writeHead(302, { location: back.toString() });
      return void response.end();
    }
    if (path === "/oauth2/validate") {
      const token = accessTokens.get((request.headers.authorization ?? "").replace(/^OAuth /, ""));
      if (!token || token.expiresAt <= Date.now()) return send(401, { status: 401, message: "invalid access token" });
      return send(200, {
        client_id: fake.clientId,
        login: token.user.login,
        scopes: token.scopes,
        user_id: token.user.id,
        expires_in: Math.floor((token.expiresAt - Date.now()) / 1000),
      });
    }
    if (fake.outage && (path === "/oauth2/token" || path.startsWith("/helix/"))) return helixError(503, "Service Unavailable");
    if (path === "/oauth2/token" && request.method === "POST") {
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      fake.tokenRequests.push(form);
      if (form.client_id !== fake.clientId || form.client_secret !== fake.clientSecret) return send(403, { status: 403, message: "invalid client secret" });
      if (form.grant_type === "authorization_code") {
        const grant = codes.get(form.code ?? "");
        if (!grant || grant.redirectUri !== form.redirect_uri) return send(400, { status: 400, message: "Invalid authorization code" });
        codes.delete(form.code!);
        const tokens = issueTokens(grant.user, grant.scopes);
        return send(200, grant.scopes.includes("openid") ? { ...tokens, id_token: await idToken(grant.user, grant.nonce) } : tokens);
      }
      if (form.grant_type === "refresh_token") {
        const grant = refreshTokens.get(form.refresh_token ?? "");
        if (!grant) return send(400, { status: 400, message: "Invalid refresh token" });
        refreshTokens.delete(form.refresh_token!);
        return send(200, issueTokens(grant.user, grant.scopes));
      }
      if (form.grant_type === "client_credentials") {
        const access = randomBytes(15).toString("hex");
        accessTokens.set(access, { user: { id: "", login: "", display_name: "" }, scopes: [], expiresAt: Date.now() + 3600_000 });
        return send(200, { access_token: access, expires_in: 3600, token_type: "bearer" });
      }
      return send(400, { status: 400, message: "unsupported grant_type" });
    }

    if (!path.startsWith("/helix/")) return send(404, { status: 404, message: "not found" });
    const bearer = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    const token = accessTokens.get(bearer);
    if (!token || token.expiresAt <= Date.now()) return helixError(401, "Invalid OAuth token");
    if (request.headers["client-id"] !== fake.clientId) return helixError(401, "Client ID and OAuth token do not match");
    const needs = (scope: string) => token.scopes.includes(scope);
    const helix = path.slice("/helix".length);

    if (helix === "/users" && request.method === "GET") {
      const ids = url.searchParams.getAll("id");
      const logins = url.searchParams.getAll("login");
      const all = [...fake.users.values()];
      const found = ids.length || logins.length ? all.filter((user) => ids.includes(user.id) || logins.includes(user.login)) : [token.user];
      return send(200, {
        data: found.map((user) => ({
          id: user.id,
          login: user.login,
          display_name: user.display_name,
          type: "",
          broadcaster_type: "affiliate",
          description: "",
          profile_image_url: "",
          offline_image_url: "",
          view_count: 0,
          created_at: "2020-01-01T00:00:00Z",
        })),
      });
    }
    if (helix === "/streams" && request.method === "GET") {
      const logins = url.searchParams.getAll("user_login");
      const live = logins.filter((login) => fake.liveLogins.has(login.toLowerCase()));
      return send(200, {
        data: live.map((login) => ({
          id: "stream-1",
          user_id: "1",
          user_login: login,
          user_name: login,
          game_id: "26936",
          game_name: "Music",
          type: "live",
          title: "Live",
          viewer_count: 3,
          started_at: new Date().toISOString(),
          language: "en",
          thumbnail_url: "",
          tag_ids: [],
          tags: [],
          is_mature: false,
        })),
        pagination: {},
      });
    }
    if (helix === "/chat/messages" && request.method === "POST") {
      if (!needs("user:write:chat")) return helixError(403, "Missing scope: user:write:chat");
      // Twitch reads the ids from the body or the query (twurple sends them in the query).
      const sent = JSON.parse(await readBody(request)) as { broadcaster_id?: string; sender_id?: string; message: string };
      const body = {
        broadcaster_id: sent.broadcaster_id ?? url.searchParams.get("broadcaster_id") ?? "",
        sender_id: sent.sender_id ?? url.searchParams.get("sender_id") ?? "",
        message: sent.message,
      };
      if (body.sender_id !== token.user.id) return helixError(403, "The sender must be the token's user");
      fake.chatMessages.push(body);
      return send(200, { data: [{ message_id: randomUUID(), is_sent: true }] });
    }
    if (helix === "/channel_points/custom_rewards" && request.method === "POST") {
      if (!needs("channel:manage:redemptions")) return helixError(403, "Missing scope: channel:manage:redemptions");
      const body = JSON.parse(await readBody(request)) as Partial<FakeReward>;
      if (!body.title || !body.cost) return helixError(400, "title and cost are required");
      const reward: FakeReward = {
        id: randomUUID(),
        broadcaster_id: url.searchParams.get("broadcaster_id") ?? "",
        title: body.title,
        cost: body.cost,
        prompt: body.prompt ?? "",
        is_user_input_required: Boolean(body.is_user_input_required),
      };
      fake.rewards.set(reward.id, reward);
      return send(200, {
        data: [
          {
            ...reward,
            broadcaster_login: token.user.login,
            broadcaster_name: token.user.display_name,
            image: null,
            default_image: { url_1x: "", url_2x: "", url_4x: "" },
            background_color: "#9147FF",
            is_enabled: true,
            is_paused: false,
            is_in_stock: true,
            max_per_stream_setting: { is_enabled: false, max_per_stream: 0 },
            max_per_user_per_stream_setting: { is_enabled: false, max_per_user_per_stream: 0 },
            global_cooldown_setting: { is_enabled: false, global_cooldown_seconds: 0 },
            should_redemptions_skip_request_queue: false,
            redemptions_redeemed_current_stream: null,
            cooldown_expires_at: null,
          },
        ],
      });
    }
    if (helix === "/channel_points/custom_rewards/redemptions" && request.method === "PATCH") {
      if (!needs("channel:manage:redemptions")) return helixError(403, "Missing scope: channel:manage:redemptions");
      if (fake.failRedemptionUpdates > 0) {
        fake.failRedemptionUpdates -= 1;
        return helixError(503, "Service Unavailable");
      }
      const { status } = JSON.parse(await readBody(request)) as { status: "FULFILLED" | "CANCELED" };
      const ids = url.searchParams.getAll("id");
      const rewardId = url.searchParams.get("reward_id") ?? "";
      if (!fake.rewards.has(rewardId)) return helixError(403, "The reward was created by a different client");
      const open = ids.map((id) => fake.redemptions.get(id)).filter((each) => each?.rewardId === rewardId && each.status === "UNFULFILLED");
      if (open.length === 0) return helixError(404, "No UNFULFILLED redemptions with these ids");
      for (const id of ids) {
        const redemption = fake.redemptions.get(id);
        if (!redemption || redemption.status !== "UNFULFILLED") continue;
        redemption.status = status;
        fake.redemptionUpdates.push({ id, status });
      }
      return send(200, {
        data: ids.map((id) => ({
          id,
          broadcaster_id: url.searchParams.get("broadcaster_id"),
          broadcaster_login: token.user.login,
          broadcaster_name: token.user.display_name,
          user_id: "1",
          user_login: "viewer",
          user_name: "Viewer",
          user_input: "",
          status,
          redeemed_at: new Date().toISOString(),
          reward: { id: rewardId, title: "", prompt: "", cost: 1 },
        })),
      });
    }
    if (helix === "/eventsub/subscriptions" && request.method === "POST") {
      const body = JSON.parse(await readBody(request)) as { type: string; version: string; condition: Record<string, string>; transport: { method: string; session_id: string } };
      const held = await fake.holdSubscription?.({ type: body.type, sessionId: body.transport?.session_id });
      if (held === "session_gone" || body.transport?.method !== "websocket" || !fake.eventSub.hasSession(body.transport.session_id))
        return helixError(400, "websocket transport session does not exist or has already disconnected");
      const scope = body.type === "channel.chat.message" ? "user:read:chat" : "channel:read:redemptions";
      if (!needs(scope) && !(scope === "channel:read:redemptions" && needs("channel:manage:redemptions")))
        return helixError(403, `subscription missing proper authorization (${scope})`);
      const sub = fake.eventSub.subscribe({ type: body.type, version: body.version, condition: body.condition, sessionId: body.transport.session_id });
      return send(202, { data: [fake.eventSub.subscriptionJson(sub)], total: fake.eventSub.subscriptions.size, total_cost: 0, max_total_cost: 10 });
    }
    if (helix === "/eventsub/subscriptions" && request.method === "DELETE") {
      fake.eventSub.subscriptions.delete(url.searchParams.get("id") ?? "");
      response.writeHead(204, rateLimit);
      return void response.end();
    }
    return helixError(404, `fake Twitch does not know ${request.method} ${helix}`);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = url;
  fake.eventSub.setBase(url.replace(/^http/, "ws"));
  fake.env = {
    TWITCH_CLIENT_ID: fake.clientId,
    TWITCH_CLIENT_SECRET: fake.clientSecret,
    TWITCH_AUTH_URL: `${url}/oauth2`,
    TWITCH_API_URL: `${url}/helix`,
    TWITCH_EVENTSUB_WS_URL: `${url.replace(/^http/, "ws")}/ws`,
  };
  fake.close = () =>
    new Promise<void>((resolve) => {
      fake.eventSub.close();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
