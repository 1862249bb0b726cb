import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { request, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { expect, test, ADMIN, SHOTS, asHost, clearAndOpenQueue, expectAccessible, shoot, signedInHost } from "./support";
import { PLAYER_FAKES } from "./fakes/player-fakes";

/** The port playwright.config.ts gives the server as CLAMAV_URL: uploads are scanned by a real clamd behind it. */
const CLAMD_PORT = Number(process.env.E2E_CLAMD_PORT ?? Number(process.env.E2E_PORT ?? 8765) + 1);
/** An OBS browser source at 720p. */
const OBS = { width: 1280, height: 720 };

/** A short mono 16-bit WAV of a tone: small enough that three of them play through in seconds. */
function toneWav(seconds: number, hertz: number): Buffer {
  const rate = 8000;
  const frames = seconds * rate;
  const wav = Buffer.alloc(44 + frames * 2);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + frames * 2, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(frames * 2, 40);
  for (let frame = 0; frame < frames; frame += 1) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hertz * frame) / rate) * 0.2 * 32767), 44 + frame * 2);
  return wav;
}

/** Passes the server's scans through to the real clamd the project's setup script starts. */
async function clamdPassThrough(port: number) {
  const clamd = new URL(execFileSync("bash", [path.resolve(".ci/setup-clamav.sh")], { encoding: "utf8" }).trim());
  const server = net.createServer((scanner) => {
    const upstream = net.connect(Number(clamd.port), clamd.hostname);
    scanner.pipe(upstream).pipe(scanner);
    upstream.on("error", () => scanner.destroy());
    scanner.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A viewer uploads a song as a guest, as the queue page's upload form sends it. */
async function uploadSong(baseURL: string, song: { artist: string; title: string; seconds: number; hertz: number }) {
  const guest = await request.newContext({ baseURL });
  const answer = await guest.post("/api/v1/queuer/upload-submission", {
    multipart: {
      artist_name: song.artist,
      track_title: song.title,
      file: { name: `${song.title}.wav`, mimeType: "audio/wav", buffer: toneWav(song.seconds, song.hertz) },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  await guest.dispose();
}

/** Answers the player-script addresses the server names with the fakes in e2e/fakes/. */
async function serveFakes(context: BrowserContext) {
  await context.route(`${PLAYER_FAKES}/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.split("/").filter(Boolean)[0]!;
    if (name.endsWith(".js")) return route.fulfill({ contentType: "text/javascript", body: fs.readFileSync(path.resolve("e2e/fakes", name), "utf8") });
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Fake widget</title>" });
  });
}

/** A player in its own browser (an OBS browser source), signed in as the host. */
async function openPlayer(browser: Browser, options: { clock?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: OBS });
  await serveFakes(context);
  const page = await context.newPage();
  if (options.clock) await page.clock.install();
  await page.goto("/overlay/player");
  await expect(page).toHaveURL(/\/access$/);
  await page.getByLabel("Email / Username").fill(ADMIN.username);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/overlay\/player$/);
  return page;
}

const audioOf = (player: Page) => player.getByTestId("player-stage").locator("audio");
const card = (player: Page) => player.getByTestId("player-card");
/** The song the player is on, by its title on the card. */
const playing = (player: Page, title: string) => expect(card(player).getByText(title, { exact: true })).toBeVisible({ timeout: 15_000 });
const barOf = (host: Page): Locator => host.getByRole("region", { name: "Player" });

let clamd: Awaited<ReturnType<typeof clamdPassThrough>>;
test.beforeAll(async () => {
  clamd = await clamdPassThrough(CLAMD_PORT);
});
test.afterAll(async () => {
  await clamd.close();
});

test("three uploads play one after another by themselves in an OBS-sized player while the host pauses, turns the volume down and skips from Manage Queue", async ({
  browser,
  baseURL,
}) => {
  // Three songs play in real time, and axe runs twice at two widths.
  test.setTimeout(180_000);
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  await asHost(host, "PUT", "set/songLimitSeconds", { state: "0" });
  await asHost(host, "PUT", "set/autoAdvance", { state: "true" });
  await asHost(host, "PUT", "set/autoAdvanceGapSeconds", { state: "1" });

  await uploadSong(baseURL!, { artist: "Lena Marr", title: "Harbour Lights", seconds: 40, hertz: 440 });
  await uploadSong(baseURL!, { artist: "Okra Vale", title: "Paper Boats", seconds: 4, hertz: 523 });
  await uploadSong(baseURL!, { artist: "Dune Hollow", title: "Last Ferry", seconds: 4, hertz: 659 });

  await host.goto("/access-queue");
  const waiting = host.getByRole("region", { name: "Waiting", exact: true });
  await expect(waiting.getByText("Scanned", { exact: true })).toHaveCount(3, { timeout: 30_000 });
  await expect(barOf(host)).toContainText("Player: not open");

  // With auto-advance on, the player starts the first song by itself, after the gap.
  const player = await openPlayer(browser);
  await playing(player, "Harbour Lights");
  await expect.poll(() => audioOf(player).evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0.3), { timeout: 15_000 }).toBe(true);
  await expect(barOf(host)).toContainText("Player: Playing");
  await expect(barOf(host).getByTestId("player-bar-left")).toContainText(/0:3\d left/);

  // Pause from Manage Queue: the audio in the other browser stops.
  await barOf(host).getByRole("button", { name: "Pause the player" }).click();
  await expect.poll(() => audioOf(player).evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);
  await expect(barOf(host)).toContainText("Player: Paused");
  await expect(player.getByTestId("player-status")).toHaveText("Paused");

  // The volume slider, pressed at two fifths of its length: down to about 40.
  const volume = barOf(host).getByTestId("player-volume");
  const box = (await volume.boundingBox())!;
  await volume.click({ position: { x: box.width * 0.4, y: box.height / 2 } });
  // The slider takes the click's position in its next animation frame.
  const slider = barOf(host).getByRole("slider", { name: "Player volume" });
  await expect.poll(async () => Number(await slider.getAttribute("aria-valuenow"))).toBeLessThan(50);
  const level = Number(await slider.getAttribute("aria-valuenow"));
  expect(level, "the slider keeps the level asked for while the player answers").toBeGreaterThan(30);
  await expect.poll(() => audioOf(player).evaluate((audio: HTMLAudioElement) => audio.volume)).toBeCloseTo(level / 100, 2);

  // Photographed and checked while paused: the first song must not end during axe's passes.
  await shoot(host, "player-bar-manage-queue");
  await player.screenshot({ path: `${SHOTS}/player-obs-720p.png` });
  await expectAccessible(host, "Manage Queue with the player bar");
  await expectAccessible(player, "the player");

  await barOf(host).getByRole("button", { name: "Play the player" }).click();
  await expect(barOf(host)).toContainText("Player: Playing");

  // Skip: Play next for the song the page shows. The next two play to their end by themselves.
  await barOf(host).getByRole("button", { name: "Skip" }).click();
  await playing(player, "Paper Boats");
  await expect.poll(() => audioOf(player).evaluate((audio: HTMLAudioElement) => audio.volume)).toBeCloseTo(level / 100, 2);
  await playing(player, "Last Ferry");
  await expect(player.getByTestId("player-message")).toContainText("Nothing is playing", { timeout: 15_000 });
  await expect(host.getByTestId("now-playing-song")).toHaveText("Nothing is playing");

  const played = await host.evaluate(async () => {
    const response = await fetch("/api/v1/submission-played/queue/admin", { headers: { authorization: `Bearer ${localStorage.getItem("admin_access_token")}` } });
    return ((await response.json()) as { track_title: string }[]).map((entry) => entry.track_title);
  });
  expect(played.slice(0, 3)).toEqual(["Last Ferry", "Paper Boats", "Harbour Lights"]);

  // A second player takes over; the first one stops and offers to play here again.
  const second = await openPlayer(browser);
  await expect(player.getByTestId("player-message")).toContainText("Playing in another window");
  await shoot(player, "player-other-window");
  await player.getByRole("button", { name: "Play here" }).click();
  await expect(second.getByTestId("player-message")).toContainText("Playing in another window");
  await second.context().close();
  await player.context().close();
});

test("a review stream plays the first 10 seconds of each song, counting down on the player, then the next song", async ({ browser }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  await asHost(host, "PUT", "set/autoAdvance", { state: "false" });

  // The host sets up a review stream on the Settings page.
  await host.goto("/settings");
  const settings = host.getByRole("region", { name: "Player" });
  await settings.getByRole("switch", { name: "Auto-advance" }).click({ force: true });
  await expect(settings.getByText("Auto-advance on")).toBeVisible();
  await settings.getByLabel("Gap between songs (seconds)").fill("2");
  await settings.getByLabel("Play only the first … seconds").fill("10");
  await settings.getByRole("button", { name: "Save player settings" }).click();
  await expect(host.getByText("The player plays the first 10 seconds of each song.")).toBeVisible({ timeout: 15_000 });
  await settings.screenshot({ path: `${SHOTS}/player-settings-1280.png`, animations: "disabled" });
  for (const [artist, title, link] of [
    ["Mira Sol", "Glasshouse", "https://www.youtube.com/watch?v=aaaaaaaaaa1"],
    ["Tom Reed", "Night Bus", "https://www.youtube.com/watch?v=bbbbbbbbbb2"],
    ["Kite Club", "Borrowed Time", "https://www.bandcamp.com/track/borrowed-time"],
  ]) {
    await asHost(host, "POST", "admin-post/", { artist_name: artist, track_title: title, link, youtube_username: "", message: "" });
  }

  // Playwright's clock moves the player's time ahead: the fake YouTube player's seconds pass at once.
  const player = await openPlayer(browser, { clock: true });
  await host.goto("/access-queue");
  await player.clock.runFor(2500);
  await playing(player, "Glasshouse");
  await player.clock.runFor(4000);
  await expect(player.getByTestId("player-time-left")).toHaveText(/^0:0\d left$/);
  await expect(card(player)).toContainText("first 10 s");
  await shoot(player, "player-review");

  // The fake videos last 30 seconds: the next one comes up after the first 10 and the 2-second gap.
  await player.clock.runFor(8500);
  await playing(player, "Night Bus");
  await expect(host.getByTestId("now-playing-song")).toHaveText("Night Bus by Tom Reed");

  // Ten more seconds: the next one is a link to another site, shown with Open and a note instead of a blank box.
  await player.clock.runFor(13_000);
  await playing(player, "Borrowed Time");
  await expect(card(player)).toContainText("This link cannot play here");
  await expect(card(player).getByRole("link", { name: "Open" })).toHaveAttribute("href", "https://www.bandcamp.com/track/borrowed-time");
  await shoot(player, "player-open-link");
  await asHost(host, "PUT", "set/songLimitSeconds", { state: "0" });
  await player.context().close();
});
