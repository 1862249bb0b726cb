import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { DRAFT_MESSAGES } from "@common/drafts";
import { FILE_MESSAGES } from "@common/files";
import { MESSAGES } from "@common/messages";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createFakeClock } from "../../test/fake-clock";
import { TEST_SYSTEM, makeSubmission, makeUserToken, resetQueue } from "../../test/factories";
import { audioFixture, storedFiles, waitForScan } from "../../test/files";
import { newId } from "../../lib/ids";

const text = { artist_name: "Night Owls", track_title: "Low Light", youtube_username: "OwlChannel", message: "First time!" };
const DAY_MS = 24 * 3600 * 1000;

describeEachDatabase("drafts: a member's saved draft", (dialect) => {
  let server: TestApp;
  let http: ReturnType<typeof httpClient>;
  const clock = createFakeClock(new Date("2026-03-01T12:00:00Z"));
  let token: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestApp(dialect, { clock });
    http = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await resetQueue(server.deps);
    await server.deps.db.deleteFrom("drafts").execute();
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "false");
    userId = newId();
    token = await makeUserToken(server.deps, userId);
  });

  const openQueue = () => server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");

  /** Presigns through drafts/presign and PUTs a real audio file; the key once its scan is over. */
  async function uploadDraftFile(as = token): Promise<string> {
    const presign = await http.post("drafts/presign", { token: as, json: { filename: "tone.mp3", content_type: "audio/mpeg" } });
    expect(presign.status).toBe(200);
    expect(Object.keys(presign.body).sort()).toEqual(["key", "url"]);
    const put = await fetch(presign.body.url, { method: "PUT", body: new Uint8Array(audioFixture("mp3")), headers: { "content-type": "audio/mpeg" } });
    expect(put.status).toBe(200);
    expect((await waitForScan(server.baseUrl, presign.body.key)).status).toBe(200);
    return presign.body.key;
  }

  it("keeps nothing for a member who never saved, and nothing for anyone signed out", async () => {
    const none = await http.get("drafts/me", { token });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ detail: DRAFT_MESSAGES.noDraft });
    for (const [method, path] of [
      ["GET", "drafts/me"],
      ["PUT", "drafts/me"],
      ["POST", "drafts/me"],
      ["DELETE", "drafts/me"],
      ["POST", "drafts/presign"],
      ["POST", "drafts/finalize"],
    ] as const) {
      const response = await http.request(method, path, { json: method === "GET" || method === "DELETE" ? undefined : { ...text, filename: "a.mp3" } });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ detail: MESSAGES.notAuthenticated });
    }
  });

  it("saves, reads back, replaces through the POST fallback, and deletes the member's draft", async () => {
    const saved = await http.put("drafts/me", { token, json: { ...text, link: "https://example.com/song", is_file: false } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...text, link: "https://example.com/song", song_link: "https://example.com/song", is_file: false, file_key: null, file_expired: false });
    expect((await http.get("drafts/me", { token })).body).toEqual(saved.body);

    const fallback = await http.post("drafts/me", { token, json: { artist_name: "Only Artist", song_link: "https://example.com/other" } });
    expect(fallback.status).toBe(200);
    expect(fallback.body).toMatchObject({ artist_name: "Only Artist", track_title: "", link: "https://example.com/other" });
    expect((await http.get("drafts/me", { token })).body.artist_name).toBe("Only Artist");

    const other = await makeUserToken(server.deps);
    expect((await http.get("drafts/me", { token: other })).status).toBe(404);

    expect((await http.delete("drafts/me", { token })).body).toEqual({ ok: true });
    expect((await http.get("drafts/me", { token })).status).toBe(404);
  });

  it("refuses bad input with the spec's messages and keeps the draft as it was", async () => {
    await http.put("drafts/me", { token, json: text });
    const badKey = await http.put("drafts/me", { token, json: { ...text, file_key: "../../etc/passwd" } });
    expect(badKey.status).toBe(422);
    expect(badKey.body.detail[0].msg).toBe(FILE_MESSAGES.invalidKey);
    const tooLong = await http.put("drafts/me", { token, json: { artist_name: "x".repeat(201) } });
    expect(tooLong.status).toBe(422);
    expect((await http.put("drafts/me", { token, json: { is_file: "yes" } })).status).toBe(422);
    expect((await http.get("drafts/me", { token })).body).toMatchObject(text);

    const notAudio = await http.post("drafts/presign", { token, json: { filename: "notes.pdf", content_type: "application/pdf" } });
    expect(notAudio.status).toBe(400);
    expect(notAudio.body).toEqual({ detail: MESSAGES.unsupportedFormat });
    expect((await http.post("drafts/presign", { token, json: {} })).status).toBe(422);

    await openQueue();
    const incomplete = await http.post("drafts/finalize", { token, json: { artist_name: "  ", track_title: "T" } });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.detail[0].msg).toBe(MESSAGES.artistAndTitleRequired);
    const noLink = await http.post("drafts/finalize", { token, json: text });
    expect(noLink.status).toBe(422);
    expect(noLink.body.detail[0].msg).toBe(MESSAGES.linkRequired);
    const badLevel = await http.post("drafts/finalize", { token, json: text, headers: { "X-FastPass-Level": "9" } });
    expect(badLevel.status).toBe(422);
    expect((await http.get("drafts/me", { token })).status).toBe(200);
  });

  it("uploads the draft's file like a submission's, then sends it once the queue opens and clears the draft", async () => {
    await http.put("drafts/me", { token, json: { ...text, is_file: false, link: "https://example.com/unused" } });
    const key = await uploadDraftFile();
    const saved = await http.put("drafts/me", { token, json: { ...text, is_file: true, file_key: key, file_name: "tone.mp3", file_type: "audio/mpeg", has_file_selected: true } });
    expect(saved.body).toMatchObject({ file_key: key, file_name: "tone.mp3", has_file_selected: true, file_expired: false });

    const closed = await http.post("drafts/finalize", { token, json: { ...text, file_key: key } });
    expect(closed.status).toBe(400);
    expect(closed.body).toEqual({ detail: MESSAGES.queueClosed });
    expect((await http.get("drafts/me", { token })).body.file_key).toBe(key);

    await openQueue();
    const sent = await http.post("drafts/finalize", { token, json: { ...text, file_key: key } });
    expect(sent.status).toBe(201);
    expect(sent.body.queuer).toMatchObject({ artist_name: "Night Owls", track_title: "Low Light", user_id: userId, status: "waiting", file_status: "clean" });
    expect(sent.body.user).toEqual({ user_id: userId, username: "owlchannel", is_guest: false });
    expect((await http.get("drafts/me", { token })).status).toBe(404);
    expect((await http.get("queuer/queue")).body.map((e: { user_id: string }) => e.user_id)).toEqual([userId]);
  });

  it("sends the saved draft's link when no file is given", async () => {
    await http.put("drafts/me", { token, json: { ...text, link: "https://example.com/saved-link" } });
    await openQueue();
    const sent = await http.post("drafts/finalize", { token, json: { ...text, file_key: null } });
    expect(sent.status).toBe(201);
    expect(sent.body.queuer.link).toBe("https://example.com/saved-link");
  });

  it("refuses a second live entry and keeps the draft", async () => {
    await openQueue();
    await makeSubmission(server.deps, { user_id: userId, owner_id: userId });
    await http.put("drafts/me", { token, json: { ...text, link: "https://example.com/second" } });
    const refused = await http.post("drafts/finalize", { token, json: text });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: MESSAGES.alreadyInQueue });
    expect((await http.get("drafts/me", { token })).body.link).toBe("https://example.com/second");
  });

  it("passes X-FastPass-Level to the queue's submit rule: without a token to spend, nothing is sent and the draft stays", async () => {
    await http.put("drafts/me", { token, json: { ...text, link: "https://example.com/fast" } });
    await openQueue();
    const refused = await http.post("drafts/finalize", { token, json: text, headers: { "X-FastPass-Level": "2" } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect((await http.get("queuer/queue")).body).toEqual([]);
    expect((await http.get("drafts/me", { token })).body.link).toBe("https://example.com/fast");
  });

  it("makes one entry when two tabs send the same draft at once", async () => {
    await http.put("drafts/me", { token, json: { ...text, link: "https://example.com/race" } });
    await openQueue();
    // Each tab sends the draft as it holds it, link included.
    const answers = await Promise.all(Array.from({ length: 6 }, () => http.post("drafts/finalize", { token, json: { ...text, link: "https://example.com/race" } })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body).toEqual({ detail: MESSAGES.alreadyInQueue });
    expect((await http.get("queuer/queue")).body).toHaveLength(1);
    expect((await http.get("drafts/me", { token })).status).toBe(404);
  });

  it("drops the draft's file after 24 hours: the draft keeps its text and says the file is gone", async () => {
    const key = await uploadDraftFile();
    await http.put("drafts/me", { token, json: { ...text, is_file: true, file_key: key, file_name: "tone.mp3", file_type: "audio/mpeg", has_file_selected: true } });
    const filesBefore = storedFiles(server.database.dataDir).length;

    clock.advance(DAY_MS - 60_000);
    // Access tokens follow the same clock: sign in again, a day later.
    token = await makeUserToken(server.deps, userId);
    expect(await server.deps.services.drafts.expireFiles(TEST_SYSTEM)).toBe(0);
    expect((await http.get("drafts/me", { token })).body.file_key).toBe(key);

    clock.advance(2 * 60_000);
    await openQueue();
    const stale = await http.post("drafts/finalize", { token, json: { ...text, file_key: key } });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ detail: DRAFT_MESSAGES.fileExpired });

    expect(await server.deps.services.drafts.expireFiles(TEST_SYSTEM)).toBe(1);
    const after = (await http.get("drafts/me", { token })).body;
    expect(after).toMatchObject({ ...text, is_file: true, file_key: null, file_name: "tone.mp3", has_file_selected: false, file_expired: true });
    expect(storedFiles(server.database.dataDir).length).toBe(filesBefore - 1);
    expect((await http.get(`files/presign?key=${key}`)).status).toBe(410);

    // A tab still holding the old key saves: the draft still says the file is gone, until a new file or a link.
    const resaved = await http.put("drafts/me", { token, json: { ...text, is_file: true, file_key: key, file_name: "tone.mp3" } });
    expect(resaved.body).toMatchObject({ file_key: null, file_expired: true });
    const link = await http.put("drafts/me", { token, json: { ...text, is_file: false, link: "https://example.com/instead" } });
    expect(link.body).toMatchObject({ file_expired: false });
  });

  it("never drops a file that an entry sent from the draft uses", async () => {
    const key = await uploadDraftFile();
    await http.put("drafts/me", { token, json: { ...text, is_file: true, file_key: key } });
    await openQueue();
    expect((await http.post("drafts/finalize", { token, json: { ...text, file_key: key } })).status).toBe(201);
    // Another draft still holding the key (saved by an older tab of the same member) expires after the send.
    await server.deps.db
      .insertInto("drafts")
      .values({
        user_id: "someone-else",
        artist_name: "",
        track_title: "",
        youtube_username: "",
        message: "",
        link: "",
        is_file: 1,
        file_key: key,
        file_name: null,
        file_type: null,
        has_file_selected: 1,
        file_attached_at: clock.now().toISOString(),
        file_expired: 0,
        updated_at: clock.now().toISOString(),
      })
      .execute();
    clock.advance(DAY_MS + 60_000);
    expect(await server.deps.services.drafts.expireFiles(TEST_SYSTEM)).toBe(1);
    expect((await http.get(`files/presign?key=${key}`)).status).toBe(200);
    expect((await http.get("queuer/queue")).body[0]).toMatchObject({ file_key: key, file_status: "clean" });
  });
});
