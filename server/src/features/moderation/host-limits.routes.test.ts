import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { MESSAGES } from "@common/messages";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { connectSocket } from "../../test/live";
import { makeUserToken, TEST_SYSTEM, openEmptyQueue } from "../../test/factories";
import { audioFixture, uploadViaPresign, waitForScan } from "../../test/files";

const TEST_ENV = { RATE_LIMIT_SUBMIT_MAX: "100000", RATE_LIMIT_API_MAX: "100000" };
const LIMIT_OF_TWO = "You've sent 2 songs this stream, the most the host allows. Try again next stream.";
const BLOCKED_WORD = "The artist name, title or note has a word the host doesn't allow. Please change it and try again.";
const TOO_LONG = "This song is 0:03 long; the host takes songs up to 0:01. Please send a shorter one.";

const form = (name: string, extra: Record<string, string> = {}) => ({
  artist_name: "Artist",
  track_title: `Track ${name}`,
  youtube_username: name,
  link: `https://example.com/play?song=${name}-${Math.random()}`,
  ...extra,
});

function uploadForm(name: string): FormData {
  const body = new FormData();
  for (const [field, value] of Object.entries({ artist_name: "Tone", track_title: "Sine", youtube_username: name })) body.append(field, value);
  body.append("file", new Blob([new Uint8Array(audioFixture("wav"))], { type: "audio/wav" }), "tone.wav");
  return body;
}

describeEachDatabase("moderation: the host's limits", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect, { env: TEST_ENV }));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    for (const name of ["submissionsPerStream", "maxSongSeconds", "blockedWords"] as const) await server.deps.services.settings.reset(TEST_SYSTEM, name);
    await openEmptyQueue(server.deps);
  });

  const setLimit = (name: string, state: string) => http.put(`set/${name}`, { json: { state }, token });
  /** Marks every entry played, so its submitter may send another; played songs still count. */
  const playAll = () => server.deps.db.updateTable("submissions").set({ status: "played", played_at: new Date().toISOString() }).execute();
  /** Closes and opens the queue: a new stream for the per-stream limit. */
  async function newStream(): Promise<void> {
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  }

  it("takes each limit as a setting, refuses bad values with the setting's message, and keeps the words list to admins", async () => {
    expect((await setLimit("submissionsPerStream", "3")).body).toEqual({ name: "submissionsPerStream", state: "3" });
    expect((await setLimit("maxSongSeconds", "0420")).body).toEqual({ name: "maxSongSeconds", state: "420" });
    expect((await setLimit("blockedWords", " Spam ,  BAD   word\nspam\n\n")).body).toEqual({ name: "blockedWords", state: "spam\nbad word" });
    const cases: [string, string, string][] = [
      ["submissionsPerStream", "-1", "Submissions per stream must be a whole number from 0 (no limit) to 100"],
      ["submissionsPerStream", "101", "Submissions per stream must be a whole number from 0 (no limit) to 100"],
      ["maxSongSeconds", "6.5", "Maximum song length must be a whole number of seconds from 0 (no limit) to 21600"],
      ["blockedWords", "x".repeat(2001), "The words list must be at most 2000 characters"],
    ];
    for (const [name, state, msg] of cases) {
      const response = await setLimit(name, state);
      expect(response.status, `${name}=${state.slice(0, 10)}`).toBe(422);
      expect(response.body.detail[0]).toMatchObject({ loc: ["body", "state"], msg });
    }
    const publicNames = (await http.get("set")).body.map((record: { name: string }) => record.name);
    expect(publicNames).toContain("submissionsPerStream");
    expect(publicNames).not.toContain("blockedWords");
    expect((await http.get("set", { token })).body).toContainEqual({ name: "blockedWords", state: "spam\nbad word" });
    expect((await http.get("set/blockedWords")).status).toBe(401);
    expect((await http.get("set/blockedWords", { token: await makeUserToken(server.deps) })).status).toBe(401);
    expect((await http.get("set/blockedWords", { token })).body).toEqual({ name: "blockedWords", state: "spam\nbad word" });
    expect((await http.put("set/blockedWords", { json: { state: "x" }, token: await makeUserToken(server.deps) })).status).toBe(401);
  });

  it("counts a person's submissions since the queue last opened, by username, guest and account", async () => {
    await setLimit("submissionsPerStream", "2");
    await newStream();
    expect((await http.post("queuer/", { json: form("ana") })).status).toBe(201);
    // A new guest identity under the same channel name is the same person.
    expect((await http.post("queuer/", { json: form("ANA") })).status).toBe(201);
    const third = await http.post("queuer/", { json: form("ana") });
    expect(third.status).toBe(403);
    expect(third.body).toEqual({ detail: LIMIT_OF_TWO });

    const member = await makeUserToken(server.deps);
    expect((await http.post("queuer/", { json: form("leo"), token: member })).status).toBe(201);
    await playAll();
    expect((await http.post("queuer/", { json: form("leo-again"), token: member })).status).toBe(201);
    await playAll();
    expect((await http.post("queuer/", { json: form("leo-third"), token: member })).body).toEqual({ detail: LIMIT_OF_TWO });
    // The host's own adds do not count.
    expect((await http.post("admin-post/", { json: form("ana"), token })).status).toBeLessThan(300);

    await newStream();
    await playAll();
    expect((await http.post("queuer/", { json: form("ana") })).status).toBe(201);
    expect((await http.post("queuer/", { json: form("leo-fourth"), token: member })).status).toBe(201);
    await setLimit("submissionsPerStream", "0");
    expect((await http.post("queuer/", { json: form("ana") })).status).toBe(201);
  });

  it("refuses a listed word in the artist name, title or note, as a whole word in any case, on submit and on edit", async () => {
    await setLimit("blockedWords", "darn\nno way jose");
    const refusedFields: Record<string, string>[] = [{ track_title: "Well DARN it" }, { artist_name: "The Darn" }, { message: "say no way  jose!" }, { track_title: "Ｄａｒｎ" }];
    for (const extra of refusedFields) {
      const refused = await http.post("queuer/", { json: form("ana", extra) });
      expect(refused.status, JSON.stringify(extra)).toBe(403);
      expect(refused.body).toEqual({ detail: BLOCKED_WORD });
    }
    const created = await http.post("queuer/", { json: form("ana", { track_title: "Darned good", message: "no way" }) });
    expect(created.status).toBe(201);
    const edited = await http.put(`queuer/${created.body.user.user_id}`, {
      json: { ...form("ana", { track_title: "darn" }), on_hold: false },
      headers: { "X-Guest-Secret": created.body.guest_secret },
    });
    expect(edited.status).toBe(403);
    expect(edited.body).toEqual({ detail: BLOCKED_WORD });
  });

  it("refuses an upload whose scan found it over the maximum length", async () => {
    await setLimit("maxSongSeconds", "1");
    const { presign } = await uploadViaPresign(server.baseUrl, { filename: "tone.wav", contentType: "audio/wav", body: audioFixture("wav") });
    expect((await waitForScan(server.baseUrl, presign.key)).status).toBe(200);
    const refused = await http.post("queuer/", { json: form("ana", { link: presign.s3_url }) });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: TOO_LONG });
    await setLimit("maxSongSeconds", "3");
    expect((await http.post("queuer/", { json: form("ana", { link: presign.s3_url }) })).status).toBe(201);
  });

  it("takes a waiting upload out of the queue when its scan ends over the maximum length", async () => {
    const response = await fetch(`${server.baseUrl}/queuer/upload-submission`, { method: "POST", body: uploadForm("ana") });
    expect(response.status).toBe(201);
    const { queuer } = await response.json();
    expect((await waitForScan(server.baseUrl, queuer.file_key)).status).toBe(200);
    expect((await http.get("queuer/queue")).body).toHaveLength(1);
    const submitter = await connectSocket(`${server.wsUrl}/ws/public?user_id=${queuer.user_id}`);
    await submitter.next("connection_established");

    // The host lowers the limit, then a scan of that file ends (as a rescan would).
    await setLimit("maxSongSeconds", "2");
    await server.deps.events.emit("file.scanned", { key: queuer.file_key, status: "clean", duration_seconds: 2.5 });
    await vi.waitFor(async () => expect((await http.get("queuer/queue")).body).toEqual([]));
    const removed = await server.deps.db.selectFrom("submissions").select("status").where("id", "=", queuer.id).executeTakeFirstOrThrow();
    expect(removed.status).toBe("removed");
    // The submitter is told why their song left, rather than seeing it vanish.
    expect(await submitter.next("submission_removed")).toMatchObject({ track_title: queuer.track_title, message: MESSAGES.removedTooLong });
    await submitter.close();
  });
});
