import type { Page } from "@playwright/test";
import { expect, test, asHost, clearAndOpenQueue, expectAccessible, PHONE, shoot, showQueueCards, signedInHost } from "./support";

/** Tells the fake Data API (e2e/fake-youtube.setup.ts) what videos.list and oEmbed answer. */
async function fakePlatforms(state: object) {
  const response = await fetch(`http://127.0.0.1:${process.env.E2E_YOUTUBE_PORT}/__fake`, { method: "PUT", body: JSON.stringify(state) });
  expect(response.status).toBe(204);
}

const run = Date.now().toString(36).slice(-5);
const ids = { anthem: `sdA${run}xyz`.slice(0, 11), live: `sdL${run}xyz`.slice(0, 11), gated: `sdG${run}xyz`.slice(0, 11), long: `sdX${run}xyz`.slice(0, 11) };
const soundcloudPage = `https://soundcloud.com/e2e-artist/tide-${run}`;

async function submit(page: Page, who: string, track: string, link: string) {
  const response = await page.request.post("/api/v1/queuer/", {
    data: { artist_name: "Typed Artist", track_title: track, youtube_username: who, username: who.toLowerCase(), link, message: "" },
  });
  return { status: response.status(), body: await response.json() };
}

test("links show their thumbnail and real title on the queue, Manage Queue and the overlay; the length limit holds", async ({ browser }) => {
  test.setTimeout(150_000);
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  await asHost(host, "PUT", "set/maxSongSeconds", { state: "600" });
  await fakePlatforms({
    details: {
      [ids.anthem]: { title: "Midnight Anthem (Official Music Video)", channelTitle: "Neon Coast", duration: "PT4M12S" },
      [ids.live]: { title: "Harbour Lights – Live at the Pier", channelTitle: "The Lanterns", duration: "PT6M3S", embeddable: false },
      [ids.gated]: { title: "After Hours", channelTitle: "Velvet Room", duration: "PT3M", ageRestricted: true },
      [ids.long]: { title: "The Whole Album", channelTitle: "Marathon", duration: "PT48M" },
    },
    oembed: { [soundcloudPage]: { title: "Tide by E2E Artist", author_name: "E2E Artist", thumbnail_url: `/art/tide-${run}.jpg` } },
  });

  const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
  await visitor.goto("/queue");
  expect((await submit(visitor, "Ana", "anthem i think", `https://youtu.be/${ids.anthem}`)).status).toBe(201);
  expect((await submit(visitor, "Ben", "harbour lights", `https://www.youtube.com/watch?v=${ids.live}`)).status).toBe(201);
  expect((await submit(visitor, "Cy", "after hours", `https://music.youtube.com/watch?v=${ids.gated}`)).status).toBe(201);
  expect((await submit(visitor, "Dee", "tide", soundcloudPage)).status).toBe(201);
  const long = await submit(visitor, "Eve", "whole album", `https://youtu.be/${ids.long}`);
  expect(long.status).toBe(201);

  // The details arrive a moment later, live: the long one leaves the queue, the others show what they are.
  const waiting = visitor.getByRole("region", { name: "Waiting" });
  await expect(waiting.getByText("On YouTube: Midnight Anthem (Official Music Video) · Neon Coast · 4:12")).toBeVisible({ timeout: 15_000 });
  await expect(waiting.getByText("On SoundCloud: Tide by E2E Artist · E2E Artist")).toBeVisible();
  await expect(waiting.getByText("whole album")).toHaveCount(0);
  await expect(waiting.locator("img[data-song-thumbnail]")).toHaveCount(4);
  // Once its length is known, the same song is refused at once with the catalogue's words.
  const again = await submit(visitor, "Fay", "whole album again", `https://www.youtube.com/watch?v=${ids.long}`);
  expect(again).toMatchObject({ status: 403, body: { detail: "This song is 48:00 long; the host takes songs up to 10:00. Please send a shorter one." } });
  await visitor.evaluate(() => Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))));
  await shoot(visitor, "song-details-queue");
  // Opened, an entry shows the whole title on the platform, however narrow the screen.
  await waiting.getByRole("button", { name: "harbour lights by Typed Artist" }).click();
  await expect(waiting.getByText("Harbour Lights – Live at the Pier · The Lanterns · 6:03", { exact: true })).toBeVisible();
  await shoot(visitor, "song-details-queue-opened");
  await expectAccessible(visitor, "the queue with song details");

  await host.goto("/access-queue");
  const hostWaiting = host.locator('section[aria-label="Waiting"]');
  await expect(host.getByRole("row", { name: "tide by Typed Artist" })).toBeVisible();
  await shoot(host, "song-details-manage-rows");
  await expect(host.getByRole("row", { name: "harbour lights by Typed Artist" }).getByText("No embedding")).toBeVisible();
  await expect(host.getByRole("row", { name: "after hours by Typed Artist" }).getByText("Age-restricted")).toBeVisible();
  await showQueueCards(host);
  await expect(hostWaiting.locator("img[data-song-thumbnail]")).toHaveCount(4);
  await shoot(host, "song-details-manage-cards");
  await expectAccessible(host, "Manage Queue cards with song details");

  await host.goto("/settings");
  const quota = host.getByTestId("youtube-quota");
  await expect(quota).toContainText(/units used today/);
  await shoot(host, "song-details-quota");

  // The overlay: the song playing with its picture and its title on YouTube.
  await host.goto("/access-queue");
  await host.getByRole("button", { name: "Play next" }).first().click();
  const overlay = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await overlay.goto("/overlay");
  await expect(overlay.getByTestId("overlay-now-playing")).toContainText("Midnight Anthem (Official Music Video) · Neon Coast");
  await expect(overlay.getByTestId("overlay-now-playing").locator("img")).toBeVisible();
  await overlay.screenshot({ path: "test-results/screenshots/song-details-overlay.png" });
});
