import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "./test/test-app";
import { httpClient, type TestResponse } from "./test/http";
import { makeAdmin, makeSubmission, resetQueue } from "./test/factories";
import type { TestAdmin } from "./test/admins";

const CONTROL_CHARACTERS = "Text may not contain control characters";
const NUL = "\u0000";

/** A 422 in FastAPI's shape naming the one field at fault. */
function expectRefused(response: TestResponse, loc: string[]) {
  expect(response.status).toBe(422);
  expect(response.body).toEqual({ detail: [{ loc, msg: CONTROL_CHARACTERS, type: "invalid_format" }] });
}

// PostgreSQL cannot store NUL in text: these calls used to reach the database with one and answer 500.
describeEachDatabase("a NUL byte in a text field or a path id", (dialect) => {
  let server: TestApp;
  let http: ReturnType<typeof httpClient>;
  let admin: TestAdmin;
  const queueLists = async () => [(await http.get("queuer/queue")).body, (await http.get("active-queuer/queue")).body];

  beforeAll(async () => {
    server = await startTestApp(dialect);
    http = httpClient(server.baseUrl);
    admin = await makeAdmin(server.deps);
    expect((await http.put("set/isQueueOn", { token: admin.accessToken, json: { state: "true" } })).status).toBe(200);
  });
  afterAll(() => server.close());
  beforeEach(() => resetQueue(server.deps));

  const submission = { artist_name: "Artist", track_title: "Title", youtube_username: "Channel", link: "https://example.com/song" };

  it("refuses a submission with a NUL in the artist or the note, and queues nothing", async () => {
    const before = await queueLists();
    expectRefused(await http.post("queuer/", { json: { ...submission, artist_name: `Art${NUL}ist` } }), ["body", "artist_name"]);
    expectRefused(await http.post("queuer/", { json: { ...submission, message: `thanks${NUL}` } }), ["body", "message"]);
    expect(await queueLists()).toEqual(before);
  });

  it("still takes a note over several lines, and refuses a line break in a single-line field", async () => {
    expectRefused(await http.post("queuer/", { json: { ...submission, track_title: "Two\nlines" } }), ["body", "track_title"]);
    const accepted = await http.post("queuer/", { json: { ...submission, message: " first line\r\n\tsecond line " } });
    expect(accepted.status).toBe(201);
    expect(accepted.body.queuer.message).toBe("first line\r\n\tsecond line");
  });

  it("refuses an owner's edit or leave addressed to a NUL id, and leaves the entry alone", async () => {
    const { row, guestSecret } = await makeSubmission(server.deps);
    const asOwner = { headers: { "X-Guest-Secret": guestSecret! } };
    expectRefused(await http.put("queuer/%00", { json: { artist_name: "Changed" }, ...asOwner }), ["path", "id"]);
    expectRefused(await http.delete("queuer/%00", asOwner), ["path", "id"]);
    expectRefused(await http.delete(`queuer/${row.user_id}%00`, asOwner), ["path", "id"]);
    expect((await http.get("queuer/queue")).body).toEqual([expect.objectContaining({ id: row.id, artist_name: row.artist_name })]);
  });

  it("refuses a sign of life for a NUL user id", async () => {
    expectRefused(await http.post("queue-position/activity/%00"), ["path", "userId"]);
  });

  it("refuses an upload link for a file name with a NUL", async () => {
    expectRefused(await http.post("files/presign-upload", { json: { filename: `song${NUL}.mp3`, content_type: "audio/mpeg" } }), ["body", "filename"]);
  });

  it("refuses an admin's move of a NUL id to Now Playing", async () => {
    const { row } = await makeSubmission(server.deps);
    expectRefused(await http.get("move/%00", { token: admin.accessToken }), ["path", "id"]);
    expect((await http.get("active-queuer/queue")).body).toEqual([]);
    expect((await http.get("queuer/queue")).body).toEqual([expect.objectContaining({ id: row.id })]);
  });

  it("refuses a stream link with a NUL and keeps the one set before", async () => {
    const set = (state: string) => http.put("set/youtubeStreamLink", { token: admin.accessToken, json: { state } });
    expect((await set("https://example.com/live")).status).toBe(200);
    expectRefused(await set(`https://example.com/live${NUL}2`), ["body", "state"]);
    expect((await http.get("set/youtubeStreamLink")).body).toEqual({ name: "youtubeStreamLink", state: "https://example.com/live" });
  });

  it("refuses a token whose subject holds a NUL as not valid, before any lookup", async () => {
    for (const [kind, path] of [
      ["user", "user/me"],
      ["admin", "queuer/queue/admin"],
    ] as const) {
      const token = await server.deps.tokens.signAccess(`nul${NUL}id`, kind);
      const response = await http.get(path, { token });
      expect(response.status).toBe(401);
      // The same answer as for any token that does not verify.
      expect(response.body).toEqual((await http.get(path, { token: "not-a-token" })).body);
    }
  });
});
