import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";

describeEachDatabase("GET public-config", (dialect) => {
  let plain: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    plain = await startTestApp(dialect);
    configured = await startTestApp(dialect, { env: { UPLOAD_FALLBACK_EMAIL: "tracks@example.com", TWITCH_CLIENT_ID: "twitch-app", TWITCH_CLIENT_SECRET: "twitch-secret" } });
  });
  afterAll(async () => {
    await plain.close();
    await configured.close();
  });

  it("tells the web where failed uploads can be e-mailed, and the upload limits", async () => {
    const response = await httpClient(configured.baseUrl).get("public-config");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      upload_fallback_email: "tracks@example.com",
      max_upload_bytes: 100 * 1024 * 1024,
      allowed_audio_extensions: ["mp3", "wav", "m4a", "aac", "flac"],
    });
  });

  it("answers null when no fallback address is set", async () => {
    expect((await httpClient(plain.baseUrl).get("public-config")).body.upload_fallback_email).toBeNull();
  });

  it("offers Sign in with Twitch only where the server has a Twitch app", async () => {
    expect((await httpClient(plain.baseUrl).get("public-config")).body.twitch_sign_in).toBe(false);
    expect((await httpClient(configured.baseUrl).get("public-config")).body.twitch_sign_in).toBe(true);
  });
});
