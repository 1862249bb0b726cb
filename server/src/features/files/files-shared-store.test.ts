import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FILE_MESSAGES } from "@common/files";
import { describeEachDatabase, reopenTestDatabase, startTestApp, type TestApp, type TestDatabase } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createTestAdmin, type TestAdmin } from "../../test/admins";
import { TEST_SYSTEM } from "../../test/factories";
import { audioFixture, storedFiles, uploadViaPresign } from "../../test/files";
import { TEST_REDIS_URL, quietLog, uniqueRedisPrefix } from "../../test/redis";
import { startTestS3, type TestS3 } from "../../test/s3";
import { createRedisEventBus } from "../../events/redis-event-bus";
import { deleteExpiredFiles, scanPendingFiles } from "./files.jobs";
import { freePort } from "../../test/ports";

const HOUR = 3600_000;
const RETENTION_HOURS = 72;
const form = { artist_name: "Shared", track_title: "Store", youtube_username: "Chan", username: "chan", message: "hi" };

describeEachDatabase("two instances keeping uploads in one S3-compatible store", (dialect) => {
  let s3: TestS3;
  let a: TestApp;
  let b: TestApp;
  let secondHandle: TestDatabase;
  let dataDirOfB: string;
  let admin: TestAdmin;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };

  beforeAll(async () => {
    s3 = await startTestS3();
    const prefix = uniqueRedisPrefix();
    const bus = () => createRedisEventBus({ url: TEST_REDIS_URL, channel: `${prefix}:events`, log: quietLog });
    const env = { ...s3.env, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, FILE_RETENTION_HOURS: String(RETENTION_HOURS) };
    // A cannot reach its clamd, so its own scan of a fresh upload leaves the file pending for another instance.
    // It hands the host's player presigned URLs of the bucket; B serves the bytes itself.
    a = await startTestApp(dialect, { events: await bus(), clock, env: { ...env, CLAMAV_URL: `tcp://127.0.0.1:${await freePort()}`, S3_PRESIGNED_DOWNLOADS: "true" } });
    secondHandle = reopenTestDatabase(a.database);
    // Another machine: its own data folder, where no upload may land.
    dataDirOfB = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-second-"));
    b = await startTestApp(dialect, { database: secondHandle, events: await bus(), clock, env: { ...env, DATA_DIR: dataDirOfB } });
    admin = await createTestAdmin(a.deps);
    await a.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  });
  afterAll(async () => {
    await b.close();
    await secondHandle.close();
    await a.close();
    await s3.close();
    fs.rmSync(dataDirOfB, { recursive: true, force: true });
  });

  it("scans, plays and keeps through one instance a file uploaded through the other, then deletes it from the store", async () => {
    const onA = httpClient(a.baseUrl);
    const onB = httpClient(b.baseUrl);
    const bytes = audioFixture("mp3");

    const { presign, put } = await uploadViaPresign(a.baseUrl, { filename: "tone.mp3", contentType: "audio/mpeg", body: bytes });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ key: presign.key, size: bytes.length, status: "pending" });
    expect(presign.s3_url).toBe(`${s3.endpoint}/${s3.bucket}/uploads/${presign.key}`);
    expect(await s3.objectKeys()).toEqual([`uploads/${presign.key}`]);
    expect([...storedFiles(a.database.dataDir), ...storedFiles(dataDirOfB)]).toEqual([]);

    // A's scan stopped at the unreachable virus scanner; B's job reads the file from the store and passes it.
    const deadline = Date.now() + 20_000;
    let scanned = await onB.get(`files/presign?key=${presign.key}`);
    while (scanned.status === 400 && Date.now() < deadline) {
      // A scan given back waits a minute before it is tried again.
      offsetMs += 61_000;
      await scanPendingFiles.run(b.deps);
      scanned = await onB.get(`files/presign?key=${presign.key}`);
    }
    expect(scanned.status).toBe(200);
    expect(scanned.body).toMatchObject({ key: presign.key, status: "clean", content_type: "audio/mpeg", size: bytes.length, duration_seconds: expect.closeTo(2.65, 1) });

    // A listener queues the upload through A with the spec's stored-object link.
    const submitted = await onA.post("queuer/", { json: { ...form, link: presign.s3_url } });
    expect(submitted.status).toBe(201);
    expect(submitted.body.queuer).toMatchObject({ link: presign.s3_url, file_key: presign.key, file_status: "clean" });
    const userId: string = submitted.body.user.user_id;

    // The host plays it through B: Now Playing, then B's signed URL, read with seeks (ranged GETs on the store).
    expect((await onB.get(`move/${userId}`, { token: admin.accessToken })).status).toBe(200);
    const player = await onB.get(`files/presign?key=${presign.key}`, { token: admin.accessToken });
    expect(player.body.url).toMatch(new RegExp(`^${b.baseUrl}/files/download\\?key=${presign.key}&token=`));
    const whole = await fetch(player.body.url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const seek = await fetch(player.body.url, { headers: { range: "bytes=1000-1999" } });
    expect(seek.status).toBe(206);
    expect(seek.headers.get("content-range")).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await seek.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);

    // A hands its player a presigned GET of the bucket, which seeks the same way.
    const presigned = await onA.get(`files/presign?key=${presign.key}`, { token: admin.accessToken });
    expect(presigned.body.url.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/${presign.key}?`)).toBe(true);
    const direct = await fetch(presigned.body.url, { headers: { range: "bytes=0-99" } });
    expect(direct.status).toBe(206);
    expect(Buffer.from(await direct.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
    // Without an admin token the URL is the app's own, which only admins can fetch.
    expect((await onA.get(`files/presign?key=${presign.key}`)).body.url).toBe(`${a.baseUrl}/files/download?key=${presign.key}`);

    // Played through B: kept for the retention time, then deleted from the store by B's job.
    expect((await onB.delete(`active-queuer/${userId}?is_played=true`, { token: admin.accessToken })).status).toBe(200);
    offsetMs += (RETENTION_HOURS - 1) * HOUR;
    await deleteExpiredFiles.run(b.deps);
    expect(await s3.objectKeys()).toEqual([`uploads/${presign.key}`]);
    expect((await onA.get(`files/presign?key=${presign.key}`)).status).toBe(200);

    offsetMs += 2 * HOUR;
    await deleteExpiredFiles.run(b.deps);
    expect(await s3.objectKeys()).toEqual([]);
    const gone = await onA.get(`files/presign?key=${presign.key}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toEqual({ detail: FILE_MESSAGES.deleted });
  });

  it("stores a file sent with a submission through one instance where the other serves it", async () => {
    const bytes = audioFixture("wav");
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...form, youtube_username: "Other", username: "other" })) body.append(name, value);
    body.append("file", new Blob([new Uint8Array(bytes)], { type: "audio/wav" }), "tone.wav");
    const submitted = await fetch(`${b.baseUrl}/queuer/upload-submission`, { method: "POST", body });
    expect(submitted.status).toBe(201);
    const { queuer } = (await submitted.json()) as { queuer: { link: string; file_key: string } };
    expect(queuer.link).toBe(`${s3.endpoint}/${s3.bucket}/uploads/${queuer.file_key}`);

    const deadline = Date.now() + 20_000;
    let scanned = await httpClient(a.baseUrl).get(`files/presign?key=${queuer.file_key}`);
    while (scanned.status === 400 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      scanned = await httpClient(a.baseUrl).get(`files/presign?key=${queuer.file_key}`);
    }
    expect(scanned.status).toBe(200);
    // A token signed now: the clock may have moved on since the admin was made.
    const token = await a.deps.tokens.signAccess(admin.admin.admin_id, "admin");
    const download = await fetch(`${a.baseUrl}/files/download?key=${queuer.file_key}`, { headers: { authorization: `Bearer ${token}`, range: "bytes=0-11" } });
    expect(download.status).toBe(206);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes.subarray(0, 12))).toBe(true);
    expect(storedFiles(dataDirOfB)).toEqual([]);
  });
});
