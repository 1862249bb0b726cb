import { execFileSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_MESSAGES } from "@common/files";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { EICAR, audioFixture, uploadViaPresign, waitForScan } from "../../test/files";
import { TEST_SYSTEM } from "../../test/factories";
import { createFakeClock } from "../../test/fake-clock";
import { scanPendingFiles } from "./files.jobs";
import { freePort } from "../../test/ports";

/** A real clamd: CLAMAV_URL when CI set one, otherwise the project's setup script starts one. */
function realClamd(): string {
  if (process.env.CLAMAV_URL) return process.env.CLAMAV_URL;
  const script = path.resolve(import.meta.dirname, "../../../../.ci/setup-clamav.sh");
  return execFileSync("bash", [script], { encoding: "utf8" }).trim();
}

describeEachDatabase("virus scanning with clamd", (dialect) => {
  describe("with a real clamd", () => {
    let server: TestApp;
    beforeAll(async () => {
      server = await startTestApp(dialect, { env: { CLAMAV_URL: realClamd() } });
      await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    }, 300_000);
    afterAll(() => server.close());

    it("marks an audio file carrying the EICAR test virus as an error, naming the signature", async () => {
      const infected = Buffer.concat([audioFixture("wav"), Buffer.from(EICAR)]);
      const { presign } = await uploadViaPresign(server.baseUrl, { filename: "infected.wav", contentType: "audio/wav", body: infected });
      const scanned = await waitForScan(server.baseUrl, presign.key);
      expect(scanned.status).toBe(409);
      expect(scanned.body.detail).toMatch(/^File failed the scan: Virus found: \S*EICAR\S*$/);
    });

    it("marks a clean audio file clean", async () => {
      const { presign } = await uploadViaPresign(server.baseUrl, { filename: "tone.flac", contentType: "audio/flac", body: audioFixture("flac") });
      const scanned = await waitForScan(server.baseUrl, presign.key);
      expect(scanned.status).toBe(200);
      expect(scanned.body.duration_seconds).toBe(2.5);
    });
  });

  describe("while clamd has not answered yet", () => {
    let server: TestApp;
    const sockets = new Set<net.Socket>();
    const silentClamd = net.createServer((socket) => {
      sockets.add(socket);
      socket.resume();
    });
    // The scan reaches clamd after its audio checks and decode; until then the file is pending for another reason.
    const reachedClamd = new Promise((resolve) => silentClamd.once("connection", resolve));
    beforeAll(async () => {
      await new Promise<void>((resolve) => silentClamd.listen(0, "127.0.0.1", resolve));
      const { port } = silentClamd.address() as net.AddressInfo;
      server = await startTestApp(dialect, { env: { CLAMAV_URL: `tcp://127.0.0.1:${port}` } });
      await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await server.close();
      await new Promise((resolve) => silentClamd.close(resolve));
    });

    it("answers 400 'still being scanned', which clients read as Scanning", async () => {
      const { presign } = await uploadViaPresign(server.baseUrl, { filename: "tone.mp3", contentType: "audio/mpeg", body: audioFixture("mp3") });
      await reachedClamd;
      const response = await httpClient(server.baseUrl).get(`files/presign?key=${presign.key}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: FILE_MESSAGES.scanPending });
    });
  });

  describe("when clamd cannot be reached", () => {
    let server: TestApp;
    const clock = createFakeClock();
    beforeAll(async () => {
      server = await startTestApp(dialect, { clock, env: { CLAMAV_URL: `tcp://127.0.0.1:${await freePort()}` } });
      await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    });
    afterAll(() => server.close());

    it("keeps the file pending and tries again, then gives up with an error after five tries", async () => {
      const { presign } = await uploadViaPresign(server.baseUrl, { filename: "tone.mp3", contentType: "audio/mpeg", body: audioFixture("mp3") });
      const api = httpClient(server.baseUrl);
      // The job's run waits for the scan the upload started (the first try); a run before the next minute leaves the file alone.
      await scanPendingFiles.run(server.deps);
      expect((await api.get(`files/presign?key=${presign.key}`)).status).toBe(400);
      for (let attempt = 2; attempt <= 4; attempt++) {
        clock.advance(61_000);
        await scanPendingFiles.run(server.deps);
      }
      expect((await api.get(`files/presign?key=${presign.key}`)).status).toBe(400);
      clock.advance(61_000);
      await scanPendingFiles.run(server.deps);
      const response = await api.get(`files/presign?key=${presign.key}`);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: FILE_MESSAGES.scanFailed(FILE_MESSAGES.scannerUnavailable) });
    });
  });
});
