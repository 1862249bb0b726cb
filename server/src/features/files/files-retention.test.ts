import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { FILE_MESSAGES, LOCAL_UPLOAD_PREFIX } from "@common/files";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { TEST_SYSTEM, makeSubmission, resetQueue } from "../../test/factories";
import { PNG_BYTES, audioFixture, storedFiles, uploadViaPresign, waitForScan } from "../../test/files";
import { deleteExpiredFiles, scanPendingFiles } from "./files.jobs";

const HOUR = 3600_000;
const RETENTION_HOURS = 72;

describeEachDatabase("deleting the files of played and removed entries", (dialect) => {
  let server: TestApp;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const advance = (ms: number) => void (offsetMs += ms);
  const api = () => httpClient(server.baseUrl);
  const runJob = () => deleteExpiredFiles.run(server.deps);
  const isStored = (key: string) => storedFiles(server.database.dataDir).some((file) => file.endsWith(key));

  async function cleanUpload(): Promise<string> {
    const { presign } = await uploadViaPresign(server.baseUrl, { filename: "tone.mp3", contentType: "audio/mpeg", body: audioFixture("mp3") });
    expect((await waitForScan(server.baseUrl, presign.key)).status).toBe(200);
    return presign.key;
  }
  const entryFor = (key: string, values: Parameters<typeof makeSubmission>[1] = {}) =>
    makeSubmission(server.deps, { file_key: key, link: `${LOCAL_UPLOAD_PREFIX}${key}`, ...values });

  beforeAll(async () => {
    server = await startTestApp(dialect, { clock, env: { FILE_RETENTION_HOURS: String(RETENTION_HOURS) } });
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await resetQueue(server.deps);
    await server.deps.db.deleteFrom("drafts").execute();
  });

  it("keeps the file of a played entry for the retention time, then deletes it", async () => {
    const key = await cleanUpload();
    await entryFor(key, { status: "played", played_at: clock.now().toISOString() });

    advance((RETENTION_HOURS - 1) * HOUR);
    await runJob();
    expect(isStored(key)).toBe(true);
    expect((await api().get(`files/presign?key=${key}`)).status).toBe(200);

    advance(2 * HOUR);
    await runJob();
    expect(isStored(key)).toBe(false);
    const gone = await api().get(`files/presign?key=${key}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toEqual({ detail: FILE_MESSAGES.deleted });
  });

  it("counts the retention time from when the entry left the queue, not from the upload", async () => {
    const key = await cleanUpload();
    advance((RETENTION_HOURS + 10) * HOUR);
    await entryFor(key, { status: "removed", removed_at: clock.now().toISOString() });
    await runJob();
    expect(isStored(key)).toBe(true);
  });

  it("never deletes a file a live entry points to, however old", async () => {
    const waiting = await cleanUpload();
    const held = await cleanUpload();
    const playing = await cleanUpload();
    await entryFor(waiting);
    await entryFor(held, { status: "on_hold", hold_reason: "admin" });
    await entryFor(playing, { status: "active", activated_at: clock.now().toISOString() });
    advance(10 * RETENTION_HOURS * HOUR);
    await runJob();
    for (const key of [waiting, held, playing]) {
      expect(isStored(key)).toBe(true);
      expect((await api().get(`files/presign?key=${key}`)).status).toBe(200);
    }
  });

  it("deletes an upload that no entry or draft uses an hour after it arrived", async () => {
    const unused = await cleanUpload();
    advance(50 * 60_000);
    await runJob();
    expect(isStored(unused)).toBe(true);
    advance(11 * 60_000);
    await runJob();
    expect(isStored(unused)).toBe(false);
    expect((await api().get(`files/presign?key=${unused}`)).status).toBe(410);
  });

  it("keeps past the hour an upload that a waiting entry or a saved draft uses", async () => {
    const queued = await cleanUpload();
    const drafted = await cleanUpload();
    await entryFor(queued);
    const at = clock.now().toISOString();
    await server.deps.db
      .insertInto("drafts")
      .values({
        user_id: `member-${drafted}`,
        artist_name: "",
        track_title: "",
        youtube_username: "",
        message: "",
        link: "",
        is_file: 1,
        file_key: drafted,
        file_name: "tone.mp3",
        file_type: "audio/mpeg",
        has_file_selected: 1,
        file_attached_at: at,
        file_expired: 0,
        updated_at: at,
      })
      .execute();
    advance(3 * HOUR);
    await runJob();
    expect(isStored(queued)).toBe(true);
    expect(isStored(drafted)).toBe(true);
  });

  it("deletes a file that failed its scan at once, while its entry still shows why", async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ artist_name: "Not", track_title: "Audio" })) body.append(name, value);
    body.append("file", new Blob([new Uint8Array(PNG_BYTES)], { type: "audio/mpeg" }), "song.mp3");
    const submitted = await fetch(`${server.baseUrl}/queuer/upload-submission`, { method: "POST", body });
    expect(submitted.status).toBe(201);
    const { file_key: key } = (await submitted.json()).queuer;
    // The job's run waits for the scan the upload started.
    await scanPendingFiles.run(server.deps);
    expect(isStored(key)).toBe(false);
    const scan = await api().get(`files/presign?key=${key}`);
    expect(scan.status).toBe(409);
    expect(scan.body).toEqual({ detail: FILE_MESSAGES.scanFailed(FILE_MESSAGES.notAllowedAudio) });
    expect((await api().get("queuer/queue")).body[0]).toMatchObject({ file_key: key, file_status: "error" });
  });

  it("still queues an upload refused by its scan before the submit arrived, showing why, without its bytes", async () => {
    const { presign } = await uploadViaPresign(server.baseUrl, { filename: "song.mp3", contentType: "audio/mpeg", body: PNG_BYTES });
    // The job's run waits for the scan the upload started.
    await scanPendingFiles.run(server.deps);
    expect(isStored(presign.key)).toBe(false);
    const submitted = await api().post("queuer/", { json: { artist_name: "Not", track_title: "Audio", link: presign.s3_url } });
    expect(submitted.status).toBe(201);
    expect((await api().get("queuer/queue")).body[0]).toMatchObject({ file_key: presign.key, file_status: "error" });
  });

  it("deletes files no entry ever used, and forgets upload URLs never used", async () => {
    const orphan = await cleanUpload();
    const unused = await api().post("files/presign-upload", { json: { filename: "never.mp3", content_type: "audio/mpeg" } });
    advance((RETENTION_HOURS + 1) * HOUR);
    await runJob();
    expect(isStored(orphan)).toBe(false);
    expect((await api().get(`files/presign?key=${unused.body.key}`)).status).toBe(404);
  });
});
