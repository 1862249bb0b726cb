import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FILE_MESSAGES, STORAGE_FULL_STATUS } from "@common/files";
import { MAX_UPLOAD_BYTES } from "@common/limits";
import { MESSAGES } from "@common/messages";
import { QUEUE_MESSAGES } from "@common/queue";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { createFakeClock } from "../../test/fake-clock";
import { TEST_SYSTEM, makeAdmin, makeUserToken, resetQueue } from "../../test/factories";
import { audioFixture } from "../../test/files";
import { deleteExpiredFiles } from "./files.jobs";

const MB = 1024 * 1024;
const HOUR = 3600_000;
const mp3 = { filename: "tone.mp3", content_type: "audio/mpeg" };

describeEachDatabase("POST files/presign-upload: when, how much, and what it accepts", (dialect) => {
  describe("while submissions are closed or paused", () => {
    let server: TestApp;
    let api: ReturnType<typeof httpClient>;
    const setQueue = async (on: boolean, submissions: boolean) => {
      await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", String(on));
      await server.deps.services.settings.set(TEST_SYSTEM, "isSubmissionsOpen", String(submissions));
    };
    beforeAll(async () => {
      server = await startTestApp(dialect);
      api = httpClient(server.baseUrl);
    });
    afterAll(() => server.close());

    it("refuses an upload URL while the queue is closed, with the submit's message, and keeps nothing", async () => {
      await setQueue(false, true);
      const refused = await api.post("files/presign-upload", { json: mp3 });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ detail: MESSAGES.queueClosed });
      expect(await server.deps.db.selectFrom("files").select("key").execute()).toEqual([]);
    });

    it("refuses an upload URL while submissions are paused, with the submit's message", async () => {
      await setQueue(true, false);
      const refused = await api.post("files/presign-upload", { json: mp3 });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ detail: QUEUE_MESSAGES.submissionsPaused });
    });

    it("still gives a member's draft and an admin's add an upload URL while the queue is closed", async () => {
      await setQueue(false, true);
      const member = await api.post("drafts/presign", { token: await makeUserToken(server.deps), json: mp3 });
      expect(member.status).toBe(200);
      const admin = await api.post("files/presign-upload", { token: (await makeAdmin(server.deps)).accessToken, json: mp3 });
      expect(admin.status).toBe(200);
    });

    it("refuses a file sent with a submission while the queue is closed before storing any of it", async () => {
      await setQueue(false, true);
      const body = new FormData();
      for (const [name, value] of Object.entries({ artist_name: "A", track_title: "T" })) body.append(name, value);
      body.append("file", new Blob([new Uint8Array(audioFixture("mp3"))], { type: "audio/mpeg" }), "tone.mp3");
      const refused = await fetch(`${server.baseUrl}/queuer/upload-submission`, { method: "POST", body });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ detail: MESSAGES.queueClosed });
      expect(refused.headers.get("connection")).toBe("close");
    });

    it("answers 200 once the queue opens", async () => {
      await setQueue(true, true);
      expect((await api.post("files/presign-upload", { json: mp3 })).status).toBe(200);
    });
  });

  describe("hostile bodies", () => {
    let server: TestApp;
    let api: ReturnType<typeof httpClient>;
    beforeAll(async () => {
      server = await startTestApp(dialect);
      api = httpClient(server.baseUrl);
      await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    });
    afterAll(() => server.close());

    it.each([-1, 0, 1.5, "10", 2 ** 53, 1e308, MAX_UPLOAD_BYTES + 1, null, true, [], {}].map((size) => ({ size })))(
      "refuses size $size with 422 naming the field",
      async ({ size }) => {
        const refused = await api.post("files/presign-upload", { json: { ...mp3, size } });
        expect(refused.status).toBe(422);
        expect(refused.body.detail[0].loc).toEqual(["body", "size"]);
      },
    );

    it("says a size over 100 MB is too large", async () => {
      const refused = await api.post("files/presign-upload", { json: { ...mp3, size: MAX_UPLOAD_BYTES + 1 } });
      expect(refused.body.detail[0].msg).toBe(MESSAGES.fileTooLarge);
    });

    it.each(["../../etc/passwd.mp3", "a/b.mp3", "..\\..\\win.mp3", "/abs.mp3"])("refuses the file name %j, a path, with 422", async (filename) => {
      const refused = await api.post("files/presign-upload", { json: { ...mp3, filename } });
      expect(refused.status).toBe(422);
      expect(refused.body.detail[0]).toMatchObject({ loc: ["body", "filename"], msg: FILE_MESSAGES.filenameIsPath });
    });

    it.each([{ filename: 42 }, { filename: "a.mp3", content_type: ["audio/mpeg"] }, { filename: "x".repeat(300) + ".mp3" }, "just a string", [mp3]])(
      "refuses %j with 422, never 500",
      async (json) => {
        expect((await api.post("files/presign-upload", { json })).status).toBe(422);
      },
    );

    it("takes a declared size, and refuses more bytes than declared with 413", async () => {
      const bytes = audioFixture("mp3");
      const small = await api.post("files/presign-upload", { json: { ...mp3, size: bytes.length - 1 } });
      expect(small.status).toBe(200);
      const over = await fetch(small.body.put_url, { method: "PUT", body: new Uint8Array(bytes) });
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual({ detail: MESSAGES.fileTooLarge });
      const exact = await api.post("files/presign-upload", { json: { ...mp3, size: bytes.length } });
      expect((await fetch(exact.body.put_url, { method: "PUT", body: new Uint8Array(bytes) })).status).toBe(200);
    });
  });

  describe("pending bytes per address", () => {
    let server: TestApp;
    let api: ReturnType<typeof httpClient>;
    const clock = createFakeClock();
    beforeAll(async () => {
      server = await startTestApp(dialect, { clock, env: { UPLOAD_PENDING_MB_PER_ADDRESS: "100", UPLOAD_URL_TTL_SECONDS: "900" } });
      api = httpClient(server.baseUrl);
      await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    });
    afterAll(() => server.close());
    beforeEach(() => resetQueue(server.deps));

    it("refuses an upload past the address's share with 429, Retry-After and retry_after, until the unused ones are gone", async () => {
      expect((await api.post("files/presign-upload", { json: { ...mp3, size: 60 * MB } })).status).toBe(200);
      clock.advance(10 * 60_000);
      const refused = await api.post("files/presign-upload", { json: { ...mp3, size: 60 * MB } });
      expect(refused.status).toBe(429);
      // The first upload, unused, is deleted an hour after it was asked for: 50 minutes from now.
      expect(refused.body).toEqual({ detail: FILE_MESSAGES.tooManyPendingUploads, retry_after: 3000 });
      expect(refused.headers.get("retry-after")).toBe("3000");
      // An upload without a size counts as 100 MB.
      expect((await api.post("files/presign-upload", { json: mp3 })).status).toBe(429);
      expect((await api.post("files/presign-upload", { json: { ...mp3, size: 40 * MB } })).status).toBe(200);

      clock.advance(2 * HOUR);
      await deleteExpiredFiles.run(server.deps);
      expect((await api.post("files/presign-upload", { json: mp3 })).status).toBe(200);
    });

    it("counts the bytes that arrived instead of the declared size, and frees them once an entry uses the scanned file", async () => {
      await server.deps.db.deleteFrom("files").execute();
      const bytes = audioFixture("mp3");
      const first = await api.post("files/presign-upload", { json: mp3 });
      expect((await fetch(first.body.put_url, { method: "PUT", body: new Uint8Array(bytes) })).status).toBe(200);
      // 100 MB were set aside; about 11 KB arrived.
      expect((await api.post("files/presign-upload", { json: { ...mp3, size: 99 * MB } })).status).toBe(200);
      expect((await api.post("files/presign-upload", { json: { ...mp3, size: 1 * MB } })).status).toBe(429);
      await server.deps.services.files.scanPending();
      expect((await api.post("queuer/", { json: { artist_name: "A", track_title: "T", link: first.body.s3_url } })).status).toBe(201);
      expect((await api.post("files/presign-upload", { json: { ...mp3, size: 1 * MB } })).status).toBe(200);
    });
  });

  describe("pending bytes of everyone", () => {
    let server: TestApp;
    let api: ReturnType<typeof httpClient>;
    beforeAll(async () => {
      server = await startTestApp(dialect, { env: { UPLOAD_PENDING_MB_PER_ADDRESS: "100000", UPLOAD_PENDING_MB_TOTAL: "100" } });
      api = httpClient(server.baseUrl);
      await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    });
    afterAll(() => server.close());

    it("refuses with 507 'storage is full' and a Retry-After once all waiting uploads fill the space set aside", async () => {
      await server.deps.db
        .insertInto("files")
        .values({
          key: "f".repeat(32),
          original_name: "a.mp3",
          declared_type: "audio/mpeg",
          status: "awaiting_upload",
          scan_attempts: 0,
          created_at: new Date().toISOString(),
          uploader_address: "203.0.113.9",
          reserved_bytes: 90 * MB,
        })
        .execute();
      const refused = await api.post("files/presign-upload", { json: { ...mp3, size: 20 * MB } });
      expect(refused.status).toBe(STORAGE_FULL_STATUS);
      expect(refused.body).toMatchObject({ detail: FILE_MESSAGES.storageFull });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await api.post("files/presign-upload", { json: { ...mp3, size: 10 * MB } })).status).toBe(200);
    });
  });
});
