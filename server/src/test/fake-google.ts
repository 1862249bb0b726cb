import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { type CryptoKey, type JWTPayload, SignJWT, exportJWK, generateKeyPair } from "jose";

/** Claims of the person who "signs in" at the fake provider. */
export interface FakeGoogleUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface SignOptions {
  /** Sign with a key the key set does not hold (under the published key id): a forged token. */
  forged?: boolean;
  /** Overrides or removes (undefined) standard claims. */
  claims?: JWTPayload;
  expiresInSeconds?: number;
}

export interface FakeGoogle {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The GOOGLE_* settings that point the app at this provider. */
  env: Record<string, string>;
  signIdToken(user: FakeGoogleUser, options?: SignOptions): Promise<string>;
  /** An OAuth access token the channels endpoint accepts. */
  issueAccessToken(channel: { id: string; title: string } | null): string;
  /** Who signs in at the next visit of the authorize page; `deny` makes the person cancel. */
  nextSignIn: { user: FakeGoogleUser; deny?: boolean; channel?: { id: string; title: string } | null };
  /** Form bodies received at the token endpoint. */
  tokenRequests: Record<string, string>[];
  close(): Promise<void>;
}

const KEY_ID = "fake-google-key";

/**
 * A local stand-in for Google: a real RS256 key pair, its JWKS, an authorize page that signs the
 * configured person in at once, a token endpoint that trades codes, and the video API's channels call.
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const forger = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: "RS256", use: "sig" };
  const clientId = `client-${randomBytes(4).toString("hex")}.apps.example.com`;
  const clientSecret = randomBytes(16).toString("hex");
  const codes = new Map<string, { user: FakeGoogleUser; redirectUri: string; youtube: boolean; channel: { id: string; title: string } | null }>();
  const accessTokens = new Map<string, { id: string; title: string } | null>();
  const tokenRequests: Record<string, string>[] = [];

  async function sign(user: FakeGoogleUser, options: SignOptions = {}, key: CryptoKey = privateKey): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = {
      iss: "https://accounts.google.com",
      aud: clientId,
      iat: now,
      exp: now + (options.expiresInSeconds ?? 3600),
      ...user,
      ...options.claims,
    };
    for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
    return new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: KEY_ID, typ: "JWT" }).sign(options.forged ? forger.privateKey : key);
  }

  function issueAccessToken(channel: { id: string; title: string } | null): string {
    const token = `ya29.${randomBytes(12).toString("hex")}`;
    accessTokens.set(token, channel);
    return token;
  }

  const fake: FakeGoogle = {
    url: "",
    clientId,
    clientSecret,
    env: {},
    signIdToken: (user, options) => sign(user, options),
    issueAccessToken,
    nextSignIn: { user: { sub: "1000", email: "person@gmail.com", email_verified: true, name: "Person" } },
    tokenRequests,
    close: async () => undefined,
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/oauth2/v3/certs") return send(200, { keys: [jwk] });

    if (url.pathname === "/o/oauth2/v2/auth") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      if (url.searchParams.get("client_id") !== clientId || !redirectUri) return send(400, { error: "invalid_request" });
      const back = new URL(redirectUri);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      if (fake.nextSignIn.deny) {
        back.searchParams.set("error", "access_denied");
      } else {
        const code = randomBytes(12).toString("hex");
        const youtube = (url.searchParams.get("scope") ?? "").includes("youtube.readonly");
        codes.set(code, { user: fake.nextSignIn.user, redirectUri, youtube, channel: fake.nextSignIn.channel ?? null });
        back.searchParams.set("code", code);
      }
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }

    if (url.pathname === "/token" && request.method === "POST") {
      let text = "";
      for await (const chunk of request) text += chunk;
      const form = Object.fromEntries(new URLSearchParams(text));
      tokenRequests.push(form);
      const grant = form.code ? codes.get(form.code) : undefined;
      if (form.client_id !== clientId || form.client_secret !== clientSecret) return send(401, { error: "invalid_client" });
      if (!grant || form.redirect_uri !== grant.redirectUri || form.grant_type !== "authorization_code") return send(400, { error: "invalid_grant" });
      codes.delete(form.code!);
      return send(200, {
        id_token: await sign(grant.user),
        access_token: issueAccessToken(grant.youtube ? grant.channel : null),
        token_type: "Bearer",
        expires_in: 3599,
      });
    }

    if (url.pathname === "/youtube/v3/channels") {
      const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!accessTokens.has(token) || url.searchParams.get("mine") !== "true") return send(401, { error: { code: 401 } });
      const channel = accessTokens.get(token);
      return send(200, { kind: "youtube#channelListResponse", items: channel ? [{ id: channel.id, snippet: { title: channel.title } }] : [] });
    }
    return send(404, { error: "not_found" });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = url;
  fake.env = {
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_CLIENT_SECRET: clientSecret,
    GOOGLE_JWKS_URL: `${url}/oauth2/v3/certs`,
    GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${url}/token`,
    YOUTUBE_API_BASE: `${url}/youtube/v3`,
  };
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
