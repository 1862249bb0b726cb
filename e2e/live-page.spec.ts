import type { Browser, Page } from "@playwright/test";
import { expect, test, DESKTOP, asHost, expectAccessible, liveSocketGreeted, shoot, signedInHost } from "./support";

/** The fake YouTube API of e2e/fake-youtube.setup.ts, told what is live. */
async function youtubeSays(state: object) {
  const response = await fetch(`http://127.0.0.1:${process.env.E2E_YOUTUBE_PORT}/__fake`, { method: "PUT", body: JSON.stringify(state) });
  expect(response.status).toBe(204);
}

const LIVE_VIDEO = "liveVideo01";
const ENDED_VIDEO = "endedVideo1";
const QUIET_CHANNEL = "UCe2eQuietChannel0000000";

async function visitor(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: DESKTOP })).newPage();
}

test("/live shows the stream only while YouTube says it is live, and the header's LIVE badge agrees", async ({ browser }) => {
  const host = await signedInHost(browser);
  const page = await visitor(browser);
  await youtubeSays({ videos: { [LIVE_VIDEO]: "live", [ENDED_VIDEO]: "none" }, channels: { [QUIET_CHANNEL]: null } });

  await asHost(host, "PUT", "set/youtubeStreamLink", { state: `https://www.youtube.com/watch?v=${LIVE_VIDEO}` });
  await page.goto("/live");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "LIVE: watch the stream" })).toBeVisible();
  const player = page.locator('iframe[title="Live stream"]');
  await expect(player).toHaveAttribute("src", `https://www.youtube.com/embed/${LIVE_VIDEO}?autoplay=1&rel=0&enablejsapi=1`);
  await expect(page.locator('iframe[title="Live chat"]')).toHaveAttribute("src", `https://www.youtube.com/live_chat?v=${LIVE_VIDEO}&embed_domain=127.0.0.1`);
  await expect(page.getByText(/Tip: the chat only loads when its embed domain matches this site \(127\.0\.0\.1\)/)).toBeVisible();
  await expect(page.getByText("No live stream currently.")).toHaveCount(0);
  await shoot(page, "live-page-live");
  await expectAccessible(page, "/live while live");

  // The link still names a video, but its broadcast is over: not live, wherever the visitor looks.
  await asHost(host, "PUT", "set/youtubeStreamLink", { state: `https://youtu.be/${ENDED_VIDEO}` });
  await expect(page.getByText("No live stream currently.")).toBeVisible();
  await expect(player).toHaveCount(0);
  await expect(banner.getByRole("link", { name: "LIVE: watch the stream" })).toHaveCount(0);
  await shoot(page, "live-page-not-live");
  await expectAccessible(page, "/live while not live");

  // A channel with nothing on air.
  await asHost(host, "PUT", "set/youtubeStreamLink", { state: `https://www.youtube.com/channel/${QUIET_CHANNEL}` });
  await page.goto("/queue");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "LIVE: watch the stream" })).toHaveCount(0);
  await youtubeSays({ channels: { [QUIET_CHANNEL]: LIVE_VIDEO } });
  // The host links the channel again (written without www.): the server asks YouTube for that link at once and the
  // open page asks the server as soon as the link changes. Asking again after the 30 s cache is the server's
  // live-stream.routes.test.ts, on a clock it moves.
  await asHost(host, "PUT", "set/youtubeStreamLink", { state: `https://youtube.com/channel/${QUIET_CHANNEL}` });
  await expect(page.getByRole("banner").getByRole("link", { name: "LIVE: watch the stream" })).toBeVisible();
  await asHost(host, "DELETE", "set/youtubeStreamLink");
});

test("announcements stay in the header's notification menu, counted until it is opened", async ({ browser }) => {
  const host = await signedInHost(browser);
  // Open before the visitor arrives, so closing and opening again makes exactly two announcements.
  await asHost(host, "PUT", "set/isQueueOn", { state: "true" });
  const page = await visitor(browser);
  const greeted = liveSocketGreeted(page);
  await page.goto("/live");
  const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await greeted;

  await asHost(host, "PUT", "set/isQueueOn", { state: "false" });
  await asHost(host, "PUT", "set/isQueueOn", { state: "true" });
  await expect(page.getByRole("banner").getByRole("button", { name: "Notifications, 2 unread" })).toBeVisible();

  await page.reload();
  const kept = page.getByRole("banner").getByRole("button", { name: "Notifications, 2 unread" });
  await expect(kept).toBeVisible();
  await kept.click();
  const menu = page.getByRole("dialog", { name: "Notifications" });
  await expect(menu).toBeVisible();
  const announcements = menu.getByRole("region", { name: "Announcements" }).getByRole("listitem");
  await expect(announcements).toHaveCount(2);
  await expect(menu.getByRole("region", { name: "For you" })).toContainText("Nothing for you yet.");
  await expect(page.getByRole("banner").getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
  await shoot(page, "notification-menu", { fullPage: false });
  await expectAccessible(page, "the notification menu");
});
