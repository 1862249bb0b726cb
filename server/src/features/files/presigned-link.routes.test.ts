import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { FILE_MESSAGES, PENDING_EMAIL_LINK } from "@common/files";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { makeAdmin, resetQueue, TEST_SYSTEM } from "../../test/factories";
import { audioFixture, uploadViaPresign, waitForScan } from "../../test/files";

const entry = { artist_name: "Presigned", track_title: "Uploaded first", youtube_username: "Chan", message: "" };

describeEachDatabase("entries whose link is a presigned upload", (dialect) => {
  let server: TestApp;
  let api: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { RATE_LIMIT_SUBMIT_MAX: "100000", RATE_LIMIT_API_MAX: "100000" } });
    api = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await resetQueue(server.deps);
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  });

  it("attaches the uploaded file when a guest submits its s3_url as the link", async () => {
    const { presign } = await uploadViaPresign(server.baseUrl, { filename: "tone.wav", contentType: "audio/wav", body: audioFixture("wav") });
    const response = await api.post("queuer/", { json: { ...entry, link: presign.s3_url } });
    expect(response.status).toBe(201);
    expect(response.body.queuer).toMatchObject({ link: presign.s3_url, file_key: presign.key });
    await waitForScan(server.baseUrl, presign.key);
    expect((await api.get("queuer/queue")).body[0]).toMatchObject({ file_key: presign.key, file_status: "clean", duration_seconds: 2.5 });
  });

  it("counts an uploaded song by its real length in the wait of those behind it", async () => {
    const { presign } = await uploadViaPresign(server.baseUrl, { filename: "tone.wav", contentType: "audio/wav", body: audioFixture("wav") });
    await waitForScan(server.baseUrl, presign.key);
    await api.post("queuer/", { json: { ...entry, link: presign.s3_url } });
    const behindFile = await api.post("queuer/", { json: { ...entry, link: "https://example.com/after-the-file" } });
    const behindLink = await api.post("queuer/", { json: { ...entry, link: "https://example.com/after-a-link" } });
    // 2.5 s ahead rounds up to one minute; a link ahead counts the 4-minute default.
    expect((await api.get(`queue-position/position/${behindFile.body.queuer.user_id}`)).body).toMatchObject({ position: 2, estimated_wait: 1 });
    expect((await api.get(`queue-position/position/${behindLink.body.queuer.user_id}`)).body).toMatchObject({ position: 3, estimated_wait: 5 });
  });

  it("refuses the link of an upload that never arrived", async () => {
    const presign = await api.post("files/presign-upload", { json: { filename: "never.mp3", content_type: "audio/mpeg" } });
    const response = await api.post("queuer/", { json: { ...entry, link: presign.body.s3_url } });
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(["body", "link"]);
  });

  it("lets an admin add an entry with an uploaded file", async () => {
    const admin = await makeAdmin(server.deps);
    const { presign } = await uploadViaPresign(server.baseUrl, { filename: "tone.aac", contentType: "audio/aac", body: audioFixture("aac") });
    const response = await api.post("admin-post/", { token: admin.accessToken, json: { ...entry, link: presign.s3_url } });
    expect(response.status).toBe(201);
    expect(response.body.queuer.file_key).toBe(presign.key);
  });

  it("queues an entry whose file will come by e-mail, with no scan status", async () => {
    const response = await api.post("queuer/", { json: { ...entry, link: PENDING_EMAIL_LINK, message: FILE_MESSAGES.pendingEmailNote } });
    expect(response.status).toBe(201);
    expect(response.body.queuer).toMatchObject({ link: PENDING_EMAIL_LINK, file_key: null, file_status: null, message: FILE_MESSAGES.pendingEmailNote });
  });
});
