import { afterAll, beforeAll, expect, it } from "vitest";
import fc from "fast-check";
import { TEXT_MESSAGES } from "@common/text";
import { describeEachDatabase, startTestApp, type TestApp } from "./test/test-app";
import { httpClient, type TestResponse } from "./test/http";
import { connectSocket } from "./test/live";
import { makeAdmin, makeSubmission } from "./test/factories";
import { illFormedString, rawRequest } from "./test/hostile-input";
import type { TestAdmin } from "./test/admins";

const LONE = "\ud800";
const STREAM_LINK = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

/** The catalogue's 422 naming the one place that held ill-formed text. */
function expectRefused(response: { status: number; body: unknown }, loc: (string | number)[]) {
  expect(response.status).toBe(422);
  expect(response.body).toEqual({ detail: [{ loc, msg: TEXT_MESSAGES.illFormed, type: "invalid_format" }] });
}

// A lone surrogate used to be stored: SQLite kept bytes that read back as other text, and every later
// change of that setting answered 500.
describeEachDatabase("text that is not well-formed Unicode", (dialect) => {
  let server: TestApp;
  let http: ReturnType<typeof httpClient>;
  let admin: TestAdmin;
  let port: number;
  const setLink = (state: string): Promise<TestResponse> => http.put("set/youtubeStreamLink", { token: admin.accessToken, json: { state } });

  beforeAll(async () => {
    // One socket takes 40 generated messages at once here; the per-socket rate is socket-limits' test.
    server = await startTestApp(dialect, { env: { WS_MAX_MESSAGES_PER_SECOND: "1000" } });
    http = httpClient(server.baseUrl);
    admin = await makeAdmin(server.deps);
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(() => server.close());

  it("refuses a stream link with a lone surrogate, keeps the one set before, and still takes the next change", async () => {
    expect((await setLink(STREAM_LINK)).status).toBe(200);
    expectRefused(await setLink(`https://example.com/${LONE}`), ["body", "state"]);
    expect((await http.get("set/youtubeStreamLink")).body).toEqual({ name: "youtubeStreamLink", state: STREAM_LINK });
    expect((await setLink("https://example.com/next")).status).toBe(200);
  });

  it("replaces a stored value that reads back as other text instead of answering 500 for good", async () => {
    await server.deps.db
      .updateTable("settings")
      .set({ value: `https://example.com/${LONE}` })
      .where("name", "=", "youtubeStreamLink")
      .execute();
    const changed = await setLink(STREAM_LINK);
    expect(changed.status).toBe(200);
    expect((await http.get("set/youtubeStreamLink")).body).toEqual({ name: "youtubeStreamLink", state: STREAM_LINK });
  });

  it("refuses a lone surrogate anywhere in a JSON body, keys included, before the route's schema", async () => {
    const submission = { artist_name: "Artist", track_title: "Title", youtube_username: "Channel", link: "https://example.com/song" };
    expectRefused(await http.post("queuer/", { json: { ...submission, message: `thanks ${LONE}` } }), ["body", "message"]);
    expectRefused(await http.post("queuer/", { json: { ...submission, [`x${LONE}`]: 1 } }), ["body", "x\ufffd"]);
    expectRefused(await http.post("queuer/", { json: { ...submission, extra: ["a", `b${LONE}`] } }), ["body", "extra", 1]);
    expect((await http.get("queuer/queue")).body).toEqual([]);
  });

  it("answers percent-encoded bytes that are no UTF-8, or a lone %, in a path, a query or a form with a 4xx", async () => {
    const { row } = await makeSubmission(server.deps);
    const form = { "content-type": "application/x-www-form-urlencoded" };
    for (const junk of ["%ED%A0%80", "%", "%zz", "%E2%82"]) {
      const answers = [
        await rawRequest(port, "GET", `/api/v1/queue-position/position/${encodeURIComponent(row.user_id)}${junk}`, {}),
        await rawRequest(port, "GET", `/api/v1/user/search/users?query=${junk}`, {}),
        await rawRequest(port, "GET", `/api/v1/queuer/queue?limit=${junk}`, {}),
        await rawRequest(port, "POST", "/api/v1/auth/admin", form, `username=${junk}&password=${junk}`),
      ];
      for (const answer of answers) expect(answer.status, `${junk}: ${answer.text}`).toBeLessThan(500);
    }
  });

  it("answers any socket message holding a lone surrogate with an error and keeps the socket", async () => {
    const socket = await connectSocket(`${server.wsUrl}/ws/public`);
    const message = fc.oneof(
      illFormedString.map((text) => ({ type: "request_position", user_id: text })),
      illFormedString.map((text) => ({ type: "subscribe_queue", queue_types: ["waiting", text] })),
      illFormedString.map((text) => ({ type: "auth", guest_secret: text })),
      illFormedString.map((text) => ({ type: "ping", [text]: 1 })),
    );
    await fc.assert(
      fc.asyncProperty(message, async (sent) => {
        socket.send(sent);
        expect(await socket.next("error")).toEqual({ type: "error", message: TEXT_MESSAGES.illFormed });
      }),
      { numRuns: 40 },
    );
    socket.send({ type: "ping" });
    await socket.next("pong");
    await socket.close();
  });
});
