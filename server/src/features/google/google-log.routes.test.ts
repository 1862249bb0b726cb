import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { connectSocket } from "../../test/live";
import { makeAdmin, makeSubmission } from "../../test/factories";
import { startFakeGoogle, type FakeGoogle } from "../../test/fake-google";

const SITE = "http://app.test";

// The request log used to write the whole URL, Google's ID and access tokens included.
describeEachDatabase("the log at its most verbose level, after signing in with Google", (dialect) => {
  let google: FakeGoogle;
  let server: TestApp;
  const lines: string[] = [];
  const secrets: string[] = [];

  beforeAll(async () => {
    google = await startFakeGoogle();
    server = await startTestApp(dialect, {
      env: { ...google.env, PUBLIC_URL: SITE, LOG_LEVEL: "trace" },
      logger: { level: "trace", stream: { write: (line: string) => void lines.push(line) } },
    });
  });
  afterAll(async () => {
    await server.close();
    await google.close();
  });

  const keep = (secret: string | null | undefined): string => {
    expect(secret).toBeTruthy();
    secrets.push(secret!);
    return secret!;
  };

  it("holds no credential: not in a URL, a header, a path or an error", async () => {
    const api = httpClient(server.baseUrl);
    const person = { sub: "google-sub-log", email: "log.person@gmail.com", email_verified: true };

    // The Google button's exchange, as the spec's client sends it (query) and as the web app does (body).
    const inQuery = new URLSearchParams({ credential: keep(await google.signIdToken(person)), access_token: keep(google.issueAccessToken({ id: "UC_log", title: "Log" })) });
    const byQuery = await api.post(`auth/google/token-exchange?${inQuery}`);
    expect(byQuery.status).toBe(200);
    const credential = keep(await google.signIdToken(person));
    const byBody = await api.post("auth/google/token-exchange", { json: { credential, access_token: keep(google.issueAccessToken(null)) } });
    expect(byBody.status).toBe(200);
    keep(byBody.body.access_token);
    const refreshed = await api.post("auth/user/refresh", { token: keep(byBody.body.refresh_token) });
    expect(refreshed.status).toBe(200);
    expect((await api.get("user/me", { token: keep(refreshed.body.access_token) })).status).toBe(200);
    // An ID token that is not valid is logged as refused, still without it.
    expect((await api.post(`auth/google/token-exchange?credential=${keep(`${credential.slice(0, -4)}AAAA`)}`)).status).toBe(401);

    // The redirect flow: Google's code and the state come back in the callback's query, tokens leave in the redirect's.
    google.nextSignIn = { user: person };
    const manual = (url: string, cookie?: string) => fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    const start = await manual(`${server.baseUrl}/auth/google/start?redirect_to=/`);
    const cookie = (start.headers.get("set-cookie") ?? "").split(";")[0]!;
    keep(cookie.split("=")[1]);
    const callback = new URL((await manual(start.headers.get("location")!)).headers.get("location")!.replace(`${SITE}/api/v1`, server.baseUrl));
    keep(callback.searchParams.get("code"));
    keep(callback.searchParams.get("state"));
    const landed = new URL((await manual(callback.toString(), cookie)).headers.get("location")!);
    keep(landed.searchParams.get("access_token"));
    keep(landed.searchParams.get("refresh_token"));

    // Chat-bot command URLs carry their secret in the path; sockets carry tokens in their query.
    const admin = await makeAdmin(server.deps);
    const chatSecret = keep((await api.post("chat/admin/secret", { token: keep(admin.accessToken) })).body.secret);
    expect((await fetch(`${server.baseUrl}/chat/${chatSecret}/queue`)).status).toBeLessThan(500);
    const adminSocket = await connectSocket(`${server.wsUrl}/ws/admin?token=${admin.accessToken}`);
    const { row, guestSecret } = await makeSubmission(server.deps);
    const guestSocket = await connectSocket(`${server.wsUrl}/ws/public?user_id=${row.user_id}&guest_secret=${keep(guestSecret)}`);
    await adminSocket.close();
    await guestSocket.close();

    const log = lines.join("");
    expect(log).toContain("/auth/google/token-exchange");
    expect(log).toContain("[redacted]");
    for (const secret of secrets) expect(log, `a credential reached the log: ${secret.slice(0, 12)}…`).not.toContain(secret);
  });
});
