import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { FILE_MESSAGES } from "@common/files";
import { GUEST_SECRET_HEADER } from "@common/queue";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { TEST_SYSTEM, makeAdmin, makeUserToken, resetQueue } from "../../test/factories";
import { audioFixture, waitForScan } from "../../test/files";
import { newId } from "../../lib/ids";

const entry = { artist_name: "Owner", track_title: "Own File", youtube_username: "Chan", message: "" };
const draftText = { artist_name: "Thief", track_title: "Not Mine", youtube_username: "", message: "" };

describeEachDatabase("an upload belongs to the submission or draft that uploaded it", (dialect) => {
  let server: TestApp;
  let api: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    server = await startTestApp(dialect);
    api = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await resetQueue(server.deps);
    await server.deps.db.deleteFrom("drafts").execute();
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  });

  /** Presigns (as `token`'s holder, or anonymously) and uploads a real mp3; its presign answer once clean. */
  async function upload(token?: string) {
    const presign = await api.post("files/presign-upload", { token, json: { filename: "tone.mp3", content_type: "audio/mpeg" } });
    expect(presign.status).toBe(200);
    expect((await fetch(presign.body.put_url, { method: "PUT", body: new Uint8Array(audioFixture("mp3")) })).status).toBe(200);
    expect((await waitForScan(server.baseUrl, presign.body.key)).status).toBe(200);
    return presign.body as { key: string; s3_url: string };
  }

  it("refuses a stranger who submits the link of a file a guest's entry carries, with 403", async () => {
    const file = await upload();
    const owner = await api.post("queuer/", { json: { ...entry, link: file.s3_url } });
    expect(owner.status).toBe(201);
    // The link is public in the lists; another guest, or a member, copies it.
    expect((await api.get("queuer/queue")).body[0].link).toBe(file.s3_url);
    for (const token of [undefined, await makeUserToken(server.deps)]) {
      const stranger = await api.post("queuer/", { token, json: { ...entry, link: file.s3_url } });
      expect(stranger.status).toBe(403);
      expect(stranger.body).toEqual({ detail: FILE_MESSAGES.notYourFile });
    }
    expect((await api.get("queuer/queue")).body).toHaveLength(1);
  });

  it("refuses another submitter who edits their entry to point at someone else's file", async () => {
    const file = await upload();
    await api.post("queuer/", { json: { ...entry, link: file.s3_url } });
    const other = await api.post("queuer/", { json: { ...entry, link: "https://example.com/mine" } });
    const headers = { [GUEST_SECRET_HEADER]: other.body.guest_secret };
    const edit = await api.put(`queuer/${other.body.user.user_id}`, { headers, json: { ...entry, link: file.s3_url } });
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual({ detail: FILE_MESSAGES.notYourFile });
  });

  it("lets the owner keep and reuse their own file: an edit, and a new entry after leaving", async () => {
    const file = await upload();
    const owner = await api.post("queuer/", { json: { ...entry, link: file.s3_url } });
    const headers = { [GUEST_SECRET_HEADER]: owner.body.guest_secret };
    const userId: string = owner.body.user.user_id;
    expect((await api.put(`queuer/${userId}`, { headers, json: { ...entry, track_title: "Renamed", link: file.s3_url } })).status).toBe(200);
    expect((await api.delete(`queuer/${userId}`, { headers })).status).toBe(200);
    const again = await api.post("queuer/", { headers, json: { ...entry, link: file.s3_url } });
    expect(again.status).toBe(201);
    expect(again.body.queuer.file_key).toBe(file.key);
  });

  it("binds a member's upload to the member from the presign: nobody else can use it even before it is attached", async () => {
    const memberId = newId();
    const member = await makeUserToken(server.deps, memberId);
    const file = await upload(member);
    const stranger = await api.post("queuer/", { json: { ...entry, link: file.s3_url } });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ detail: FILE_MESSAGES.notYourFile });
    const mine = await api.post("queuer/", { token: member, json: { ...entry, link: file.s3_url } });
    expect(mine.status).toBe(201);
  });

  it("refuses another member's draft the file of someone else's draft or entry", async () => {
    const owner = await makeUserToken(server.deps);
    const presign = await api.post("drafts/presign", { token: owner, json: { filename: "tone.mp3", content_type: "audio/mpeg" } });
    await fetch(presign.body.url, { method: "PUT", body: new Uint8Array(audioFixture("mp3")) });
    await waitForScan(server.baseUrl, presign.body.key);
    expect((await api.put("drafts/me", { token: owner, json: { ...entry, is_file: true, file_key: presign.body.key } })).status).toBe(200);

    const thief = await makeUserToken(server.deps);
    const saved = await api.put("drafts/me", { token: thief, json: { ...draftText, is_file: true, file_key: presign.body.key } });
    expect(saved.status).toBe(403);
    expect(saved.body).toEqual({ detail: FILE_MESSAGES.notYourFile });
    const sent = await api.post("drafts/finalize", { token: thief, json: { ...draftText, file_key: presign.body.key } });
    expect(sent.status).toBe(403);
    expect((await api.get("queuer/queue")).body).toEqual([]);

    const guestFile = await upload();
    await api.post("queuer/", { json: { ...entry, link: guestFile.s3_url } });
    expect((await api.post("drafts/finalize", { token: thief, json: { ...draftText, file_key: guestFile.key } })).status).toBe(403);
  });

  it("lets an admin add an entry with any uploaded file", async () => {
    const member = await makeUserToken(server.deps);
    const file = await upload(member);
    const admin = await makeAdmin(server.deps);
    const added = await api.post("admin-post/", { token: admin.accessToken, json: { ...entry, link: file.s3_url } });
    expect(added.status).toBe(201);
  });
});
