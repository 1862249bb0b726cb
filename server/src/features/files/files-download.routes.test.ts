import { afterAll, beforeAll, expect, it } from "vitest";
import { FILE_MESSAGES } from "@common/files";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { TEST_SYSTEM, makeAdmin } from "../../test/factories";
import type { TestAdmin } from "../../test/admins";
import { PNG_BYTES, audioFixture, uploadViaPresign, waitForScan } from "../../test/files";

describeEachDatabase("files/presign and files/download", (dialect) => {
  let server: TestApp;
  let admin: TestAdmin;
  let api: ReturnType<typeof httpClient>;
  let key: string;
  const mp3 = audioFixture("mp3");

  beforeAll(async () => {
    server = await startTestApp(dialect);
    api = httpClient(server.baseUrl);
    admin = await makeAdmin(server.deps);
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    ({
      presign: { key },
    } = await uploadViaPresign(server.baseUrl, { filename: "tone.mp3", contentType: "audio/mpeg", body: mp3 }));
    expect((await waitForScan(server.baseUrl, key)).status).toBe(200);
  });
  afterAll(() => server.close());

  it("answers 404 for a key nobody uploaded", async () => {
    const response = await api.get(`files/presign?key=${"0".repeat(32)}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: FILE_MESSAGES.notFound });
  });

  it("gives an admin a signed URL that plays in an audio element without a header", async () => {
    const presign = await api.get(`files/presign?key=${key}`, { token: admin.accessToken });
    expect(presign.status).toBe(200);
    expect(presign.body).toMatchObject({ key, status: "clean", content_type: "audio/mpeg", size: mp3.length });
    expect(presign.body.url).toContain("&token=");

    const download = await fetch(presign.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("audio/mpeg");
    expect(download.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await download.arrayBuffer()).equals(mp3)).toBe(true);
  });

  it("gives others the status and a URL that only admins can fetch", async () => {
    const presign = await api.get(`files/presign?key=${key}`);
    expect(presign.status).toBe(200);
    expect(presign.body.url).not.toContain("token=");
    const download = await fetch(presign.body.url);
    expect(download.status).toBe(401);
    const withAdmin = await fetch(presign.body.url, { headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(withAdmin.status).toBe(200);
  });

  it("does not accept a download signature made for another file", async () => {
    const other = await uploadViaPresign(server.baseUrl, { filename: "tone.wav", contentType: "audio/wav", body: audioFixture("wav") });
    await waitForScan(server.baseUrl, other.presign.key);
    const signed = (await api.get(`files/presign?key=${other.presign.key}`, { token: admin.accessToken })).body.url as string;
    const token = new URL(signed).searchParams.get("token")!;
    const response = await fetch(`${server.baseUrl}/files/download?key=${key}&token=${encodeURIComponent(token)}`);
    expect(response.status).toBe(401);
  });

  it("serves byte ranges so the player can seek", async () => {
    const url = (await api.get(`files/presign?key=${key}`, { token: admin.accessToken })).body.url as string;

    const head = await fetch(url, { headers: { range: "bytes=0-99" } });
    expect(head.status).toBe(206);
    expect(head.headers.get("content-range")).toBe(`bytes 0-99/${mp3.length}`);
    expect(Buffer.from(await head.arrayBuffer()).equals(mp3.subarray(0, 100))).toBe(true);

    const middle = await fetch(url, { headers: { range: "bytes=5000-" } });
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer()).equals(mp3.subarray(5000))).toBe(true);

    const last = await fetch(url, { headers: { range: "bytes=-10" } });
    expect(Buffer.from(await last.arrayBuffer()).equals(mp3.subarray(mp3.length - 10))).toBe(true);

    const beyond = await fetch(url, { headers: { range: `bytes=${mp3.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${mp3.length}`);
  });

  it("never serves a file that failed the scan, even to an admin", async () => {
    const image = await uploadViaPresign(server.baseUrl, { filename: "fake.mp3", contentType: "audio/mpeg", body: PNG_BYTES });
    const scanned = await waitForScan(server.baseUrl, image.presign.key, { token: admin.accessToken });
    expect(scanned.status).toBe(409);
    const download = await api.get(`files/download?key=${image.presign.key}`, { token: admin.accessToken });
    expect(download.status).toBe(409);
    expect(download.body).toEqual({ detail: FILE_MESSAGES.scanFailed(FILE_MESSAGES.notAllowedAudio) });
  });
});
