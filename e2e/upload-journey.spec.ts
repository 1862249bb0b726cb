import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Locator } from "@playwright/test";
import { expect, test, PHONE, shoot, signedInHost, clearAndOpenQueue, showQueueCards } from "./support";

/** The port playwright.config.ts gives the server as CLAMAV_URL. */
const CLAMD_PORT = Number(process.env.E2E_CLAMD_PORT ?? Number(process.env.E2E_PORT ?? 8765) + 1);
/** Bytes per second the guest's browser may send: the 21 MB upload takes about ten seconds. */
const UPLOAD_BYTES_PER_SECOND = 2_000_000;

const TONE = { seconds: 120, rate: 44_100, channels: 2, hertz: 440 };

/** A 16-bit PCM WAV of a sine tone: a 44-byte RIFF header, then the samples (about 21 MB for two minutes of stereo). */
function sineWav({ seconds, rate, channels, hertz }: typeof TONE): Buffer {
  const frames = seconds * rate;
  const dataBytes = frames * channels * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(channels, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * channels * 2, 28);
  wav.writeUInt16LE(channels * 2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(dataBytes, 40);
  for (let frame = 0; frame < frames; frame += 1) {
    const sample = Math.round(Math.sin((2 * Math.PI * hertz * frame) / rate) * 0.3 * 32767);
    for (let channel = 0; channel < channels; channel += 1) wav.writeInt16LE(sample, 44 + (frame * channels + channel) * 2);
  }
  return wav;
}

/**
 * The server's virus scanner as the test sees it: a real clamd (the project's setup script starts
 * one), reached through this port, which passes every scan through but holds clamd's verdict until
 * `release()`. That keeps the file in 'Scanning' long enough to watch it turn into 'Scanned'.
 */
async function heldClamd(port: number) {
  const clamd = new URL(execFileSync("bash", [path.resolve(".ci/setup-clamav.sh")], { encoding: "utf8" }).trim());
  let released = false;
  const verdicts: (() => void)[] = [];
  const server = net.createServer((scanner) => {
    const upstream = net.connect(Number(clamd.port), clamd.hostname);
    const answer: Buffer[] = [];
    scanner.pipe(upstream);
    upstream.on("data", (chunk: Buffer) => answer.push(chunk));
    upstream.on("end", () => {
      const send = () => scanner.end(Buffer.concat(answer));
      if (released) send();
      else verdicts.push(send);
    });
    upstream.on("error", () => scanner.destroy());
    scanner.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    release() {
      released = true;
      for (const send of verdicts.splice(0)) send();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const percentSent = async (bar: Locator) => Number(await bar.getAttribute("aria-valuenow"));

let scanner: Awaited<ReturnType<typeof heldClamd>>;
test.beforeAll(async () => {
  scanner = await heldClamd(CLAMD_PORT);
});
test.afterAll(async () => {
  scanner.release();
  await scanner.close();
});

test("a guest uploads a WAV, retries after a failed upload, watches it scanned, and the host plays and seeks it before Now Playing", async ({ browser }, testInfo) => {
  const wavPath = testInfo.outputPath("harbour-lights.wav");
  fs.writeFileSync(wavPath, sineWav(TONE));

  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);

  const guest = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  await guest.goto("/");
  // A first visit opens the help once; the guest closes it.
  await expect(guest.getByRole("dialog", { name: "How Does It Work" })).toBeVisible();
  await guest.keyboard.press("Escape");
  await guest.getByRole("button", { name: "Join Queue" }).click();
  await guest.getByRole("dialog", { name: "Join the queue" }).getByRole("button", { name: "Join Queue" }).click();
  const form = guest.getByRole("dialog", { name: "Submit your song" });
  await form.getByLabel("Artist name").fill("Lena Marr");
  await form.getByLabel("Track title").fill("Harbour Lights");
  await form.getByLabel("Channel username").fill("LenaMarrMusic");
  await form.getByText("File", { exact: true }).click();
  await form.locator('input[type="file"]').setInputFiles(wavPath);
  await expect(form.getByText("harbour-lights.wav")).toBeVisible();

  // The connection drops during the upload: the failure dialog offers the e-mail route or another try.
  const upload = "**/api/v1/queuer/upload-submission";
  await guest.route(upload, (route) => route.abort("connectionreset"));
  await form.getByRole("button", { name: "Join" }).click();
  const failure = guest.getByRole("dialog", { name: "Upload failed" });
  await expect(failure).toContainText("Upload failed. You can email the file to an address or try again");
  await expect(failure.getByRole("button", { name: "Proceed to Queue" })).toBeVisible();
  await expect(failure.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(form.getByRole("status")).toHaveText("Upload failed");
  await shoot(guest, "upload-failure-dialog");
  await guest.unroute(upload);

  // The connection is back but slow: the bar follows the bytes as they leave the browser.
  const network = await guest.context().newCDPSession(guest);
  await network.send("Network.enable");
  await network.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: UPLOAD_BYTES_PER_SECOND });
  await failure.getByRole("button", { name: "Try again" }).click();
  await expect(failure).toBeHidden();
  const bar = form.getByRole("progressbar");
  await expect.poll(() => percentSent(bar), { timeout: 15_000 }).toBeGreaterThanOrEqual(10);
  const earlier = await percentSent(bar);
  await expect(form.getByRole("status")).toHaveText(/^Uploading… \d+%$/);
  // The retry was started from the dialog, not the form: the form is locked all the same.
  await expect(form.getByRole("button", { name: "Join" })).toBeDisabled();
  await expect(form.getByRole("button", { name: "Cancel" })).toBeDisabled();
  await shoot(guest, "upload-form-mid-upload");
  await expect.poll(() => percentSent(bar), { timeout: 15_000 }).toBeGreaterThan(earlier);
  expect(await percentSent(bar), "still uploading after the screenshots").toBeLessThan(100);

  await guest.getByRole("button", { name: "Continue as Guest" }).click({ timeout: 30_000 });
  await network.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(guest).toHaveURL(/\/queue$/);
  const own = guest.getByRole("region", { name: "Waiting", exact: true }).locator("[data-own]");
  await expect(own.getByRole("button", { name: "Harbour Lights by Lena Marr" })).toBeVisible();
  await expect(own.getByText("Scanning", { exact: true })).toBeVisible();

  // clamd's verdict arrives: the guest's page follows live.
  scanner.release();
  await expect(own.getByText("Scanned", { exact: true })).toBeVisible({ timeout: 15_000 });

  await host.goto("/access-queue");
  await expect(host.getByText("Live: connected")).toBeVisible();
  await showQueueCards(host);
  const hostCard = host.getByRole("region", { name: "Waiting", exact: true }).getByLabel(/^Harbour Lights by/);
  await expect(hostCard.getByText("Scanned", { exact: true })).toBeVisible();
  const player = hostCard.getByLabel("Play Harbour Lights");
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(TONE.seconds, 1);

  // Play from the player's own button, then seek to the middle: the browser fetches that part by range.
  const ranges: string[] = [];
  host.on("request", (request) => {
    const range = request.headers().range;
    if (range && request.url().includes("/files/")) ranges.push(range);
  });
  await player.click({ position: { x: 18, y: 18 } });
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0.2)).toBe(true);
  await player.evaluate((audio: HTMLAudioElement) => {
    audio.currentTime = 60;
  });
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(60.2);
  expect(
    ranges.some((range) => Number(/^bytes=(\d+)-/.exec(range)?.[1]) > 60 * 44_100 * 4 * 0.9),
    ranges.join(", "),
  ).toBe(true);
  await player.evaluate((audio: HTMLAudioElement) => audio.pause());

  await hostCard.getByRole("button", { name: "Move to Now Playing" }).click();
  await expect(host.getByRole("region", { name: "Now Playing", exact: true }).getByLabel(/^Harbour Lights by/)).toBeVisible();
  await expect(guest.getByLabel("Your position")).toContainText("You're Now Playing!");
  await expect(guest.getByRole("region", { name: "Now Playing", exact: true }).getByText("Scanned", { exact: true })).toBeVisible();
});
