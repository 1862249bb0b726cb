import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { startFakeGoogle, type FakeGoogle } from "../../test/fake-google";

const SITE = "http://app.test";
let subject = 0;
const nextSub = () => `google-sub-${Date.now()}-${(subject += 1)}`;

describeEachDatabase("Google sign-in against a local fake provider", (dialect) => {
  let google: FakeGoogle;
  let server: TestApp;
  let api: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    google = await startFakeGoogle();
    server = await startTestApp(dialect, { env: { ...google.env, PUBLIC_URL: SITE, RATE_LIMIT_LOGIN_MAX: "1000" } });
    api = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
    await google.close();
  });

  const exchange = (credential: string, accessToken?: string) => {
    const params = new URLSearchParams({ credential });
    if (accessToken) params.set("access_token", accessToken);
    return api.post(`auth/google/token-exchange?${params}`);
  };

  describe("POST auth/google/token-exchange", () => {
    it("creates an account for a new Google identity, then finds it again", async () => {
      const sub = nextSub();
      const credential = await google.signIdToken({ sub, email: "New.Singer@Gmail.com", email_verified: true, name: "New Singer", picture: "https://lh3.example/p.png" });
      const first = await exchange(credential);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ token_type: "bearer", is_new_user: true, youtube_connected: false, youtube_channel: null });
      expect(first.body.user).toMatchObject({
        username: "new_singer",
        display_name: "New Singer",
        email: "new.singer@gmail.com",
        avatar_url: "https://lh3.example/p.png",
        has_password: false,
        google_connected: true,
      });
      const again = await exchange(await google.signIdToken({ sub, email: "new.singer@gmail.com", email_verified: true }));
      expect(again.body.is_new_user).toBe(false);
      expect(again.body.user.user_id).toBe(first.body.user.user_id);

      const me = await api.get("user/me", { token: again.body.access_token });
      expect(me.body.username).toBe("new_singer");
      expect((await api.post("auth/user/refresh", { token: again.body.refresh_token })).status).toBe(200);
      // No password exists to sign in with.
      expect((await api.post("auth/user/login", { form: { username: "new_singer", password: "anything-at-all" } })).status).toBe(401);
    });

    it("reads the person's video channel with an access token, and goes on without it when that fails", async () => {
      const sub = nextSub();
      const accessToken = google.issueAccessToken({ id: "UC_channel_1", title: "Singer Channel" });
      const withChannel = await exchange(await google.signIdToken({ sub, email: `${sub}@gmail.com`, email_verified: true }), accessToken);
      expect(withChannel.status).toBe(200);
      expect(withChannel.body).toMatchObject({ youtube_connected: true, youtube_channel: { id: "UC_channel_1", title: "Singer Channel" } });
      expect(withChannel.body.user).toMatchObject({ youtube_channel_id: "UC_channel_1", youtube_channel_title: "Singer Channel" });

      const badToken = await exchange(await google.signIdToken({ sub, email: `${sub}@gmail.com`, email_verified: true }), "ya29.unknown");
      expect(badToken.status).toBe(200);
      expect(badToken.body.youtube_connected).toBe(false);
      expect(badToken.body.user.youtube_channel_title).toBe("Singer Channel");
    });

    it.each([
      ["a bad signature", { forged: true }],
      ["another audience", { claims: { aud: "someone-elses-client.apps.example.com" } }],
      ["another issuer", { claims: { iss: "https://accounts.evil.example" } }],
      ["an expired token", { expiresInSeconds: -3600 }],
    ])("refuses a token with %s", async (_name, options) => {
      const response = await exchange(await google.signIdToken({ sub: nextSub(), email: "x@gmail.com", email_verified: true }, options));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: "Google credential is not valid" });
    });

    it("refuses tokens that are not Google's at all", async () => {
      const hmac = await new SignJWT({ sub: "1", email: "x@gmail.com" })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("https://accounts.google.com")
        .setAudience(google.clientId)
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode("a-secret-that-is-long-enough-for-hs256!"));
      const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ sub: "1", aud: google.clientId, iss: "accounts.google.com", exp: 9999999999 })).toString("base64url")}.`;
      const noSubject = await google.signIdToken({ sub: undefined as unknown as string, email: "x@gmail.com" });
      for (const credential of ["garbage", "a.b.c", hmac, unsigned, noSubject, "<script>alert(1)</script>"]) {
        const response = await exchange(credential);
        expect(response.status, credential).toBe(401);
      }
    });

    it("asks for the credential", async () => {
      const response = await api.post("auth/google/token-exchange");
      expect(response.status).toBe(422);
      expect(response.body.detail[0]).toMatchObject({ loc: ["query", "credential"], msg: "credential is required" });
      expect((await exchange("x".repeat(9000))).status).toBe(422);
      const emptyInBody = await api.post("auth/google/token-exchange", { json: { credential: "", access_token: "ya29.x" } });
      expect(emptyInBody.status).toBe(422);
      expect(emptyInBody.body.detail[0]).toMatchObject({ loc: ["body", "credential"], msg: "credential is required" });
    });

    it("takes the tokens in a JSON body too, so that they stay out of URLs", async () => {
      const sub = nextSub();
      const credential = await google.signIdToken({ sub, email: `${sub}@gmail.com`, email_verified: true });
      const accessToken = google.issueAccessToken({ id: "UC_body", title: "Body Channel" });
      const response = await api.post("auth/google/token-exchange", { json: { credential, access_token: accessToken } });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ is_new_user: true, youtube_connected: true, youtube_channel: { id: "UC_body", title: "Body Channel" } });
      const forged = await api.post("auth/google/token-exchange", { json: { credential: `${credential}x` } });
      expect(forged.status).toBe(401);
    });

    it("joins a password account with the same Google-verified e-mail, ending logins made with an unproven password", async () => {
      const registered = await api.post("auth/user/register", { json: { username: "same_person", email: "Same.Person@gmail.com", password: "password-of-someone" } });
      expect(registered.status).toBe(201);
      const response = await exchange(await google.signIdToken({ sub: nextSub(), email: "same.person@gmail.com", email_verified: true, name: "Same" }));
      expect(response.status).toBe(200);
      expect(response.body.is_new_user).toBe(false);
      expect(response.body.user).toMatchObject({ user_id: registered.body.user.user_id, username: "same_person", google_connected: true, has_password: false });
      expect((await api.post("auth/user/refresh", { token: registered.body.refresh_token })).status).toBe(401);
      expect((await api.post("auth/user/login", { form: { username: "same_person", password: "password-of-someone" } })).status).toBe(401);
    });

    it("never joins accounts on an e-mail Google has not verified", async () => {
      const registered = await api.post("auth/user/register", { json: { username: "unverified_owner", email: "unverified@gmail.com", password: "password-1234" } });
      const response = await exchange(await google.signIdToken({ sub: nextSub(), email: "unverified@gmail.com", email_verified: false, name: "Other" }));
      expect(response.status).toBe(200);
      expect(response.body.is_new_user).toBe(true);
      expect(response.body.user.user_id).not.toBe(registered.body.user.user_id);
      expect(response.body.user.email).toBeNull();
      expect((await api.post("auth/user/login", { form: { username: "unverified_owner", password: "password-1234" } })).status).toBe(200);
    });

    it("picks a free, valid username when the obvious one is taken or unusable", async () => {
      await api.post("auth/user/register", { json: { username: "popular", email: "popular@example.com", password: "password-1234" } });
      const taken = await exchange(await google.signIdToken({ sub: nextSub(), email: "popular@gmail.com", email_verified: true }));
      expect(taken.body.user.username).toMatch(/^popular_\d{1,4}$/);
      const odd = await exchange(await google.signIdToken({ sub: nextSub(), email: "ж@gmail.com", email_verified: true, name: "Жанна" }));
      expect(odd.body.user.username).toMatch(/^member(_[a-z0-9]+)?$/);
      expect(odd.body.user.display_name).toBe("Жанна");
      const hostile = await exchange(await google.signIdToken({ sub: nextSub(), email: "hostile@gmail.com", email_verified: true, name: "Nul\u0000<script>x</script>" }));
      expect(hostile.status).toBe(200);
      expect(hostile.body.user.display_name).toBe("Nul<script>x</script>");
    });
  });

  describe("the redirect flow: GET auth/google/start -> Google -> GET auth/google/callback", () => {
    beforeEach(() => {
      google.nextSignIn = { user: { sub: nextSub(), email: `flow-${subject}@gmail.com`, email_verified: true, name: "Flow Person" } };
    });

    const toServer = (location: string) => location.replace(`${SITE}/api/v1`, server.baseUrl);
    const manual = (url: string, cookie?: string) => fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });

    /** Walks the browser through the flow; returns where it finally lands on the site. */
    async function signInFlow(query: string, options: { cookie?: (given: string) => string; callback?: (url: URL) => void } = {}): Promise<URL> {
      const start = await manual(`${server.baseUrl}/auth/google/start?${query}`);
      expect(start.status).toBe(302);
      const cookie = (start.headers.get("set-cookie") ?? "").split(";")[0]!;
      const atGoogle = await manual(start.headers.get("location")!);
      expect(atGoogle.status).toBe(302);
      const callback = new URL(toServer(atGoogle.headers.get("location")!));
      options.callback?.(callback);
      const landed = await manual(callback.toString(), options.cookie ? options.cookie(cookie) : cookie);
      expect(landed.status).toBe(302);
      return new URL(landed.headers.get("location")!);
    }

    it("sends the person to Google's consent page with a signed state and a browser-bound cookie", async () => {
      const start = await manual(`${server.baseUrl}/auth/google/start?redirect_to=/queue`);
      const location = new URL(start.headers.get("location")!);
      expect(`${location.origin}${location.pathname}`).toBe(google.env.GOOGLE_AUTH_URL);
      expect(location.searchParams.get("client_id")).toBe(google.clientId);
      expect(location.searchParams.get("redirect_uri")).toBe(`${SITE}/api/v1/auth/google/callback`);
      expect(location.searchParams.get("response_type")).toBe("code");
      expect(location.searchParams.get("scope")).toBe("openid email profile");
      expect(location.searchParams.get("state")).toEqual(expect.any(String));
      const [pair, ...attributes] = (start.headers.get("set-cookie") ?? "").split("; ");
      expect(pair).toMatch(/^lq_google_state=[\w-]+$/);
      expect(attributes.sort()).toEqual(["HttpOnly", "Max-Age=600", "Path=/api/v1/auth/google", "SameSite=Lax"]);
    });

    it("lands on /auth/success with tokens that work", async () => {
      const landed = await signInFlow("redirect_to=/community");
      expect(`${landed.origin}${landed.pathname}`).toBe(`${SITE}/auth/success`);
      const params = landed.searchParams;
      expect(params.get("type")).toBe("user");
      expect(params.get("is_new_user")).toBe("true");
      expect(params.get("redirect_to")).toBe("/community");
      expect(params.get("youtube_connected")).toBe("false");
      const me = await api.get("user/me", { token: params.get("access_token")! });
      expect(me.status).toBe(200);
      expect(me.body.user_id).toBe(params.get("user_id"));
      expect((await api.post("auth/user/refresh", { token: params.get("refresh_token")! })).status).toBe(200);
      const exchangeRequest = google.tokenRequests.at(-1)!;
      expect(exchangeRequest).toMatchObject({
        client_id: google.clientId,
        client_secret: google.clientSecret,
        grant_type: "authorization_code",
        redirect_uri: `${SITE}/api/v1/auth/google/callback`,
      });

      const returning = await signInFlow("redirect_to=/");
      expect(returning.searchParams.get("is_new_user")).toBe("false");
      expect(returning.searchParams.get("user_id")).toBe(params.get("user_id"));
    });

    it("hands the web tab's client_state back as state on /auth/success, and nothing without one", async () => {
      const proof = "tab-proof_0123456789abcdef";
      const landed = await signInFlow(`redirect_to=/&client_state=${proof}`);
      expect(landed.pathname).toBe("/auth/success");
      expect(landed.searchParams.get("state")).toBe(proof);
      expect((await signInFlow("redirect_to=/")).searchParams.has("state")).toBe(false);
    });

    it("refuses a client_state that is not a plain token", async () => {
      for (const bad of ["short", "has spaces in it, really long enough", "x".repeat(129)]) {
        const start = await manual(`${server.baseUrl}/auth/google/start?${new URLSearchParams({ client_state: bad })}`);
        expect(start.status).toBe(422);
        expect(start.headers.get("location")).toBeNull();
      }
    });

    it("asks for and reports the video channel when requested", async () => {
      google.nextSignIn.channel = { id: "UC_flow", title: "Flow Channel" };
      const landed = await signInFlow("redirect_to=/&youtube=true");
      expect(landed.searchParams.get("youtube_connected")).toBe("true");
      expect(landed.searchParams.get("youtube_channel")).toBe("Flow Channel");
    });

    it.each(["https://evil.example/steal", "//evil.example", "/\\evil.example", "javascript:alert(1)", ""])("never redirects off the site (redirect_to=%s)", async (target) => {
      const landed = await signInFlow(new URLSearchParams({ redirect_to: target }).toString());
      expect(landed.pathname).toBe("/auth/success");
      expect(landed.searchParams.get("redirect_to")).toBe("/");
    });

    it("passes a cancelled sign-in on as access_denied", async () => {
      google.nextSignIn.deny = true;
      const landed = await signInFlow("redirect_to=/");
      expect(`${landed.origin}${landed.pathname}`).toBe(`${SITE}/auth/error`);
      expect(landed.searchParams.get("error")).toBe("access_denied");
      expect(landed.searchParams.get("error_description")).toBe("You cancelled the Google sign-in process");
      expect(landed.searchParams.has("access_token")).toBe(false);
    });

    it("answers invalid_state to a tampered state, a missing cookie or another browser's cookie", async () => {
      const tampered = await signInFlow("redirect_to=/", { callback: (url) => url.searchParams.set("state", `${url.searchParams.get("state")}x`) });
      expect(tampered.searchParams.get("error")).toBe("invalid_state");
      const noCookie = await signInFlow("redirect_to=/", { cookie: () => "" });
      expect(noCookie.searchParams.get("error")).toBe("invalid_state");
      const otherBrowser = await signInFlow("redirect_to=/", { cookie: () => "lq_google_state=someone-elses-nonce" });
      expect(otherBrowser.searchParams.get("error")).toBe("invalid_state");
      expect(otherBrowser.pathname).toBe("/auth/error");
    });

    it("answers oauth_failed with the reason when Google refuses the code", async () => {
      let callback: URL | null = null;
      let cookie = "";
      const first = await signInFlow("redirect_to=/", { callback: (url) => (callback = new URL(url)), cookie: (given) => (cookie = given) });
      expect(first.pathname).toBe("/auth/success");
      const replay = await manual(callback!.toString(), cookie);
      const landed = new URL(replay.headers.get("location")!);
      expect(landed.pathname).toBe("/auth/error");
      expect(landed.searchParams.get("error")).toBe("oauth_failed");
      expect(landed.searchParams.get("detail")).toContain("invalid_grant");
    });

    it("refuses a callback without a code", async () => {
      const landed = await signInFlow("redirect_to=/", { callback: (url) => url.searchParams.delete("code") });
      expect(landed.searchParams.get("error")).toBe("invalid_request");
    });
  });
});

describeEachDatabase("Google sign-in without settings", (dialect) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { PUBLIC_URL: SITE } });
  });
  afterAll(() => server.close());

  it("says it is not configured", async () => {
    const api = httpClient(server.baseUrl);
    const exchange = await api.post("auth/google/token-exchange?credential=abc");
    expect(exchange.status).toBe(503);
    expect(exchange.body).toEqual({ detail: "Google sign-in is not configured" });
    const start = await fetch(`${server.baseUrl}/auth/google/start`, { redirect: "manual" });
    expect(start.status).toBe(302);
    const landed = new URL(start.headers.get("location")!);
    expect(landed.pathname).toBe("/auth/error");
    expect(landed.searchParams.get("error")).toBe("server_error");
  });
});

describeEachDatabase("Google sign-in while Google is unreachable", (dialect) => {
  let google: FakeGoogle;
  let server: TestApp;
  beforeAll(async () => {
    google = await startFakeGoogle();
    await google.close();
    server = await startTestApp(dialect, { env: { ...google.env, PUBLIC_URL: SITE } });
  });
  afterAll(() => server.close());

  it("answers 503 rather than calling the credential invalid", async () => {
    const credential = await google.signIdToken({ sub: "1", email: "x@gmail.com", email_verified: true });
    const response = await httpClient(server.baseUrl).post(`auth/google/token-exchange?credential=${credential}`);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ detail: "Google cannot be reached; please try again" });
  });
});

describeEachDatabase("Google sign-in without PUBLIC_URL", (dialect) => {
  let google: FakeGoogle;
  let server: TestApp;
  beforeAll(async () => {
    google = await startFakeGoogle();
    server = await startTestApp(dialect, { env: { ...google.env, TRUST_PROXY: "1", ALLOWED_HOSTS: "queue.example.com" } });
  });
  afterAll(async () => {
    await server.close();
    await google.close();
  });

  const redirectUri = async (headers: Record<string, string> = {}) => {
    const start = await fetch(`${server.baseUrl}/auth/google/start`, { redirect: "manual", headers });
    return new URL(start.headers.get("location")!).searchParams.get("redirect_uri");
  };

  it("brings the browser back to the origin it started from, on any port", async () => {
    expect(await redirectUri()).toBe(`${server.baseUrl}/auth/google/callback`);
  });

  it("brings it back through the proxy in front of the app to a host named in ALLOWED_HOSTS", async () => {
    expect(await redirectUri({ "x-forwarded-proto": "https", "x-forwarded-host": "queue.example.com" })).toBe("https://queue.example.com/api/v1/auth/google/callback");
  });

  it("never sends the browser to a host the request named but the settings do not", async () => {
    for (const headers of [{ "x-forwarded-host": "evil.example" }, { "x-forwarded-host": "queue.example.com.evil.example" }, { "x-forwarded-host": "localhost.evil.example" }]) {
      expect(await redirectUri(headers)).toBe("http://localhost:8000/api/v1/auth/google/callback");
    }
  });
});
