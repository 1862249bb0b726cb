import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { TEST_SYSTEM } from "../../test/factories";
import { audioFixture, uploadViaPresign, waitForScan } from "../../test/files";
import { startHoldingClamd } from "../../test/holding-clamd";

type Format = Parameters<typeof audioFixture>[0];

describeEachDatabase("scanning several uploads", (dialect) => {
  let server: TestApp;
  let clamd: Awaited<ReturnType<typeof startHoldingClamd>>;
  beforeAll(async () => {
    clamd = await startHoldingClamd();
    server = await startTestApp(dialect, { env: { CLAMAV_URL: clamd.url, UPLOAD_SCAN_CONCURRENCY: "2" } });
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  });
  afterAll(async () => {
    await clamd.close();
    await server.close();
  });

  const upload = async (format: Format) =>
    (await uploadViaPresign(server.baseUrl, { filename: `tone.${format}`, contentType: `audio/${format}`, body: audioFixture(format) })).presign.key;
  const sizeOf = (format: Format) => audioFixture(format).length;

  it("scans two at a time, the smallest waiting file next, each file once", async () => {
    const keys = [await upload("wav")];
    const wav = await clamd.next();
    expect(wav.size).toBe(sizeOf("wav"));
    keys.push(await upload("flac"));
    const flac = await clamd.next();
    expect(flac.size).toBe(sizeOf("flac"));

    // Both slots are busy: these three wait, and go smallest first (aac, m4a, mp3), not in the order they came.
    for (const format of ["mp3", "m4a", "aac"] as const) keys.push(await upload(format));
    wav.release();
    const aac = await clamd.next();
    expect(aac.size).toBe(sizeOf("aac"));
    flac.release();
    const m4a = await clamd.next();
    expect(m4a.size).toBe(sizeOf("m4a"));
    aac.release();
    const mp3 = await clamd.next();
    expect(mp3.size).toBe(sizeOf("mp3"));
    m4a.release();
    mp3.release();

    for (const key of keys) expect((await waitForScan(server.baseUrl, key)).status).toBe(200);
    expect(clamd.mostOpen()).toBe(2);
    expect(clamd.received()).toBe(5);
  });
});
