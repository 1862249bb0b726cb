import { afterAll, beforeAll, expect, it } from "vitest";
import { FILE_MESSAGES } from "@common/files";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { TEST_SYSTEM, makeAdmin } from "../../test/factories";
import type { TestAdmin } from "../../test/admins";
import { uploadViaPresign, waitForScan } from "../../test/files";
import { toneFile } from "../../test/ffmpeg-audio";
import { TRUE_PEAK_CEILING_DBTP } from "./loudness";

const TARGET = -14;

describeEachDatabase("uploads play at one loudness: measured by the scan, given as a gain", (dialect) => {
  let server: TestApp;
  let admin: TestAdmin;

  beforeAll(async () => {
    server = await startTestApp(dialect, { env: { LOUDNESS_TARGET_LUFS: String(TARGET) } });
    admin = await makeAdmin(server.deps);
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
  });
  afterAll(() => server.close());

  /** Uploads the bytes and answers files/presign as the admin's player asks it once the scan is over. */
  async function scanned(filename: string, contentType: string, body: Buffer) {
    const { presign } = await uploadViaPresign(server.baseUrl, { filename, contentType, body });
    return waitForScan(server.baseUrl, presign.key, { token: admin.accessToken });
  }

  it("measures a quiet WAV and a loud MP3, and raises the quiet one more than the loud one", async () => {
    const quiet = await scanned("quiet.wav", "audio/wav", await toneFile({ format: "wav", volumeDb: -30 }));
    const loud = await scanned("loud.mp3", "audio/mpeg", await toneFile({ format: "mp3", volumeDb: -4 }));
    expect(quiet.status).toBe(200);
    expect(loud.status).toBe(200);
    expect(quiet.body.loudness_lufs).toBeLessThan(loud.body.loudness_lufs - 20);
    expect(quiet.body.gain_db).toBeGreaterThan(loud.body.gain_db + 20);
    // The quiet tone has headroom: it reaches the target exactly.
    expect(quiet.body.gain_db).toBeCloseTo(TARGET - quiet.body.loudness_lufs, 0);
    expect(quiet.body.true_peak_dbtp + quiet.body.gain_db).toBeLessThanOrEqual(TRUE_PEAK_CEILING_DBTP + 0.05);
  });

  it("raises a quiet file with loud peaks only until its true peak reaches -1 dBTP", async () => {
    const peaky = await scanned("peaky.flac", "audio/flac", await toneFile({ format: "flac", volumeDb: 0, clicks: true }));
    expect(peaky.status).toBe(200);
    expect(peaky.body.gain_db).toBeLessThan(TARGET - peaky.body.loudness_lufs - 5);
    expect(peaky.body.true_peak_dbtp + peaky.body.gain_db).toBeCloseTo(TRUE_PEAK_CEILING_DBTP, 0);
  });

  it("refuses a generated MP3 cut in half and bytes ffmpeg cannot decode, with the damaged-file words", async () => {
    const whole = await toneFile({ format: "mp3", volumeDb: -10 });
    const cut = await scanned("cut.mp3", "audio/mpeg", whole.subarray(0, Math.floor(whole.length / 2)));
    expect(cut.status).toBe(409);
    expect(cut.body).toEqual({ detail: FILE_MESSAGES.scanFailed(FILE_MESSAGES.damaged("mp3")) });

    const flac = await toneFile({ format: "flac", volumeDb: -10 });
    // The header still announces four seconds, but past the first frames there is only noise.
    const garbage = Buffer.concat([flac.subarray(0, 8192), Buffer.alloc(flac.length - 8192, 0x5a)]);
    const refused = await scanned("garbage.flac", "audio/flac", garbage);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: FILE_MESSAGES.scanFailed(FILE_MESSAGES.damaged("flac")) });
  });
});
