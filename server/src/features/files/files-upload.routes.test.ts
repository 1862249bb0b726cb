import { execFile } from "node:child_process";
import http from "node:http";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_MESSAGES } from "@common/files";
import { MAX_UPLOAD_BYTES } from "@common/limits";
import { MESSAGES } from "@common/messages";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { TEST_SYSTEM } from "../../test/factories";
import { AUDIO_FORMATS, PNG_BYTES, audioFixture, storedFiles, uploadViaPresign, waitForScan } from "../../test/files";

/** A clock the test can move forward, to let upload URLs expire. */
function movableClock() {
  let offsetMs = 0;
  return { now: () => new Date(Date.now() + offsetMs), advance: (ms: number) => void (offsetMs += ms) };
}

/** PUTs `total` bytes as a chunked stream (no Content-Length) from another process; its answer. */
async function putFromChildProcess(url: string, total: number): Promise<{ status: number; body: unknown }> {
  const script = `
    const http = require("node:http");
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    const request = http.request(process.argv[1], { method: "PUT" }, (response) => {
      let text = "";
      response.on("data", (part) => (text += part));
      response.on("end", () => { console.log(JSON.stringify({ status: response.statusCode, body: JSON.parse(text) })); process.exit(0); });
    });
    request.on("error", () => {});
    const pump = () => {
      while (sent < ${total}) {
        sent += chunk.length;
        if (!request.write(chunk)) return request.once("drain", pump);
      }
      request.end();
    };
    pump();`;
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script, url]);
  return JSON.parse(stdout);
}

describeEachDatabase("uploads through presigned URLs", (dialect) => {
  let server: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    server = await startTestApp(dialect, { clock });
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  });
  afterAll(() => server.close());

  describe("POST files/presign-upload", () => {
    it("answers a key, a PUT URL on this app and the entry link", async () => {
      const response = await httpClient(server.baseUrl).post("files/presign-upload", { json: { filename: "My Song.mp3", content_type: "audio/mpeg" } });
      expect(response.status).toBe(200);
      expect(response.body.key).toMatch(/^[0-9a-f]{32}$/);
      expect(response.body.put_url).toContain(`${server.baseUrl}/files/upload/${response.body.key}?token=`);
      expect(response.body.s3_url).toBe(`file:/uploads/${response.body.key}`);
      expect(response.body.expires_in).toBeGreaterThan(0);
    });

    it("refuses a file that is neither audio by type nor by extension", async () => {
      const response = await httpClient(server.baseUrl).post("files/presign-upload", { json: { filename: "photo.png", content_type: "image/png" } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: MESSAGES.unsupportedFormat });
    });

    it("names a missing filename", async () => {
      const response = await httpClient(server.baseUrl).post("files/presign-upload", { json: { content_type: "audio/mpeg" } });
      expect(response.status).toBe(422);
      expect(response.body.detail[0].loc).toEqual(["body", "filename"]);
    });
  });

  describe("scanning", () => {
    it.each(AUDIO_FORMATS)("marks a real %s file clean with its duration", async (format) => {
      const body = audioFixture(format);
      const { presign, put } = await uploadViaPresign(server.baseUrl, { filename: `tone.${format}`, contentType: `audio/${format}`, body });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ key: presign.key, size: body.length, status: "pending" });

      const scanned = await waitForScan(server.baseUrl, presign.key);
      expect(scanned.status).toBe(200);
      expect(scanned.body.status).toBe("clean");
      expect(scanned.body.size).toBe(body.length);
      expect(scanned.body.duration_seconds).toBeGreaterThan(2.4);
      expect(scanned.body.duration_seconds).toBeLessThan(2.8);
    });

    it("marks a PNG image named .mp3 as an error, with the reason", async () => {
      const { presign, put } = await uploadViaPresign(server.baseUrl, { filename: "song.mp3", contentType: "audio/mpeg", body: PNG_BYTES });
      expect(put.status).toBe(200);
      const scanned = await waitForScan(server.baseUrl, presign.key);
      expect(scanned.status).toBe(409);
      expect(scanned.body).toEqual({ detail: FILE_MESSAGES.scanFailed(FILE_MESSAGES.notAllowedAudio) });
    });

    it("marks a truncated mp3 as an error", async () => {
      const whole = audioFixture("mp3");
      const body = whole.subarray(0, Math.floor(whole.length / 2));
      const { presign } = await uploadViaPresign(server.baseUrl, { filename: "cut.mp3", contentType: "audio/mpeg", body });
      const scanned = await waitForScan(server.baseUrl, presign.key);
      expect(scanned.status).toBe(409);
      expect(scanned.body).toEqual({ detail: FILE_MESSAGES.scanFailed(FILE_MESSAGES.damaged("mp3")) });
    });
  });

  describe("PUT of the upload URL", () => {
    it("refuses a URL that was already used", async () => {
      const { presign, put } = await uploadViaPresign(server.baseUrl, { filename: "a.wav", contentType: "audio/wav", body: audioFixture("wav") });
      expect(put.status).toBe(200);
      const again = await fetch(presign.put_url, { method: "PUT", body: audioFixture("mp3") });
      expect(again.status).toBe(403);
      expect(await again.json()).toEqual({ detail: FILE_MESSAGES.uploadUrlInvalid });
      const scanned = await waitForScan(server.baseUrl, presign.key);
      expect(scanned.body.content_type).toBe("audio/wav");
    });

    it("refuses an expired URL", async () => {
      const presign = await httpClient(server.baseUrl).post("files/presign-upload", { json: { filename: "late.mp3", content_type: "audio/mpeg" } });
      clock.advance((presign.body.expires_in + 1) * 1000);
      const response = await fetch(presign.body.put_url, { method: "PUT", body: audioFixture("mp3") });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ detail: FILE_MESSAGES.uploadUrlInvalid });
    });

    it("refuses a URL whose token was made for another key", async () => {
      const first = await httpClient(server.baseUrl).post("files/presign-upload", { json: { filename: "a.mp3", content_type: "audio/mpeg" } });
      const second = await httpClient(server.baseUrl).post("files/presign-upload", { json: { filename: "b.mp3", content_type: "audio/mpeg" } });
      const forged = first.body.put_url.replace(first.body.key, second.body.key);
      const response = await fetch(forged, { method: "PUT", body: audioFixture("mp3") });
      expect(response.status).toBe(403);
    });

    it("refuses keys that are paths with 400", async () => {
      const client = httpClient(server.baseUrl);
      for (const key of ["../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "%2e%2e", "a/b"]) {
        const presign = await client.get(`files/presign?key=${key}`);
        expect(presign.status, key).toBe(400);
        expect(presign.body).toEqual({ detail: FILE_MESSAGES.invalidKey });
        const download = await client.get(`files/download?key=${key}`);
        expect(download.status, key).toBe(400);
      }
      const put = await fetch(`${server.baseUrl}/files/upload/..%2F..%2Fescape?token=x`, { method: "PUT", body: "x" });
      expect(put.status).toBe(400);
      expect(await put.json()).toEqual({ detail: FILE_MESSAGES.invalidKey });
    });

    it("stops a 101 MB stream at 100 MB with 413, keeps nothing, and holds no file in memory", async () => {
      const presign = await httpClient(server.baseUrl).post("files/presign-upload", { json: { filename: "huge.wav", content_type: "audio/wav" } });
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
      // The client runs in its own process, so this process's memory is the server's alone.
      const answer = await putFromChildProcess(presign.body.put_url, MAX_UPLOAD_BYTES + 1024 * 1024);
      clearInterval(sampler);
      expect(answer).toEqual({ status: 413, body: { detail: MESSAGES.fileTooLarge } });
      // Holding the body would cost over 100 MB; streaming costs a few chunks and garbage not yet collected.
      expect(peak - before).toBeLessThan(64 * 1024 * 1024);
      expect(storedFiles(server.database.dataDir).filter((file) => file.includes(presign.body.key))).toEqual([]);
      // Nothing arrived, so the same URL still takes a proper file.
      const retry = await fetch(presign.body.put_url, { method: "PUT", body: new Uint8Array(audioFixture("mp3")) });
      expect(retry.status).toBe(200);
    });

    it("refuses a declared length over 100 MB before reading the body", async () => {
      const presign = await httpClient(server.baseUrl).post("files/presign-upload", { json: { filename: "huge.mp3", content_type: "audio/mpeg" } });
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(presign.body.put_url, { method: "PUT", headers: { "content-length": String(MAX_UPLOAD_BYTES + 1) } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
        request.write(Buffer.alloc(1024));
      });
      expect(status).toBe(413);
    });

    it("leaves no partial file when the client goes away mid-upload", async () => {
      const presign = await httpClient(server.baseUrl).post("files/presign-upload", { json: { filename: "cut.flac", content_type: "audio/flac" } });
      await new Promise<void>((resolve) => {
        const request = http.request(presign.body.put_url, { method: "PUT", headers: { "content-length": String(10 * 1024 * 1024) } });
        request.on("error", () => resolve());
        request.write(Buffer.alloc(2 * 1024 * 1024), () => setTimeout(() => request.destroy(), 100));
      });
      const deadline = Date.now() + 5000;
      while (storedFiles(server.database.dataDir).some((file) => file.includes(presign.body.key)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(storedFiles(server.database.dataDir).filter((file) => file.includes(presign.body.key))).toEqual([]);
      expect((await waitForScan(server.baseUrl, presign.body.key)).status).toBe(404);
    });
  });
});
