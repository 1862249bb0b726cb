import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test, asHost, clearAndOpenQueue, expectAccessible, shoot, signedInHost } from "./support";

/** An admin read made from the host's page with the token the app stored. */
const readAsHost = <T>(host: Page, path: string) =>
  host.evaluate(async (path) => {
    const response = await fetch(`/api/v1/${path}`, { headers: { authorization: `Bearer ${localStorage.getItem("admin_access_token")}` } });
    return response.json();
  }, path) as Promise<T>;

const SONGS = [
  { artist_name: "Nova Lights", track_title: "Midnight Drive", youtube_username: "novalights" },
  { artist_name: "The Quiet Ones", track_title: "Paper Boats", youtube_username: "quietones" },
  { artist_name: "Ada Vance", track_title: "Glass Houses", youtube_username: "adavance" },
];

test("the host runs a session: starts it, plays three songs, ends it and reads it in details, charts and CSV", async ({ browser, request }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);

  await host
    .getByRole("main")
    .getByRole("link", { name: /^Analytics/ })
    .click();
  await expect(host).toHaveURL(/\/analytics$/);
  await host.getByRole("tab", { name: "Sessions" }).click();
  const start = host.getByRole("form", { name: "Start a session" });
  await start.getByRole("button", { name: "Start session" }).click();
  await expect(start.getByText("Please enter a session name!")).toBeVisible();
  await start.getByLabel("Session name").fill("Friday night show");
  await start.getByRole("button", { name: "Start session" }).click();
  const live = host.getByRole("region", { name: "Live session" });
  await expect(live.getByText("Friday night show")).toBeVisible();

  // Three guests join; the host makes the second a VIP.
  const joined: string[] = [];
  for (const [index, song] of SONGS.entries()) {
    const response = await request.post("/api/v1/queuer/", { data: { ...song, link: `https://soundcloud.com/e2e/analytics-${index}-${Date.now()}`, message: "" } });
    expect(response.status()).toBe(201);
    joined.push(((await response.json()) as { queuer: { id: string } }).queuer.id);
  }
  await asHost(host, "PUT", `priority/user/${joined[1]}`, { priority_level: 2, payment_source: "patreon" });

  // The host plays them with Play next, in queue order: VIP first, then the others as they came. Each
  // press marks the song Now Playing played and brings up the next; the last one leaves nothing playing.
  await host.goto("/access-queue");
  await expect(host.getByRole("region", { name: "Waiting", exact: true }).getByLabel(/ by /)).toHaveCount(3);
  const nowPlaying = host.getByTestId("now-playing-song");
  const playNext = host.getByRole("button", { name: /Play next/ });
  for (const song of [SONGS[1]!, SONGS[0]!, SONGS[2]!]) {
    await playNext.click();
    await expect(nowPlaying).toHaveText(`${song.track_title} by ${song.artist_name}`);
  }
  await playNext.click();
  await expect(nowPlaying).toHaveText("Nothing is playing");

  // The plays are counted by the outbox within about a second.
  await expect
    .poll(async () => (await readAsHost<{ is_live: boolean; submissions_count: number }[]>(host, "analytics/sessions")).find((s) => s.is_live)?.submissions_count)
    .toBe(3);
  await host.goto("/analytics?tab=sessions");
  await expect(live.getByText("Songs")).toBeVisible();
  await expect(live).toContainText("Songs3");
  await expect(live).toContainText("Priority1");
  await live.getByRole("button", { name: "End" }).click();
  await host.getByRole("dialog", { name: "End this session?" }).getByRole("button", { name: "End session" }).click();
  await expect(host.getByRole("form", { name: "Start a session" })).toBeVisible();

  await host.getByRole("button", { name: "Details of Friday night show" }).click();
  const details = host.getByRole("region", { name: "Session Friday night show" });
  const rows = details.getByRole("table", { name: "Songs played in Friday night show" }).getByRole("row");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText("Paper Boats");
  await expect(rows.nth(1)).toContainText("VIP");
  await expect(rows.nth(2)).toContainText("Midnight Drive");
  await expect(rows.nth(3)).toContainText("Glass Houses");
  const perHour = details.getByRole("figure", { name: "Songs played per hour" });
  await expect(perHour.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(perHour).toContainText("3 songs over 1 hour");
  // Each axis of the wait chart says what it counts.
  const waits = details.getByRole("figure", { name: "Wait from submission to play" });
  await expect(waits.locator("svg text", { hasText: "Songs, in play order" })).toBeVisible();
  await expect(waits.locator("svg text", { hasText: /^Wait$/ })).toBeVisible();
  await expect(details.getByRole("figure", { name: "Priority against regular" })).toContainText("Priority: 1, regular: 2.");

  const [download] = await Promise.all([host.waitForEvent("download"), details.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^friday-night-show-\d{4}-\d\d-\d\d\.csv$/);
  const csv = fs
    .readFileSync((await download.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(csv).toHaveLength(4);
  expect(csv[0]).toBe("Artist,Title,Username,Priority level,Priority,Submitted at,Played at,Wait (seconds),Score,Skipped by votes");
  expect(csv[1]).toMatch(/^The Quiet Ones,Paper Boats,quietones,2,VIP,/);

  await shoot(host, "analytics-sessions");
  await expectAccessible(host, "/analytics sessions tab with details");
  await host.getByRole("tab", { name: "Priority Analytics" }).click();
  await expect(host.getByText("Priority played")).toBeVisible();
  await shoot(host, "analytics-priority");
  await expectAccessible(host, "/analytics priority tab");
  await host.getByRole("tab", { name: "Submissions Played" }).click();
  await expect(host.getByLabel("Glass Houses by Ada Vance")).toBeVisible();
  await shoot(host, "analytics-played");
  await expectAccessible(host, "/analytics played tab");
});

test("the host reads and clears the played list at /submission-played", async ({ browser }) => {
  const host = await signedInHost(browser);
  await host
    .getByRole("main")
    .getByRole("link", { name: /^Submissions Played/ })
    .click();
  await expect(host).toHaveURL(/\/submission-played$/);
  await expect(host.getByLabel("Paper Boats by The Quiet Ones")).toBeVisible();
  await shoot(host, "submission-played");
  await expectAccessible(host, "/submission-played");

  await host.getByRole("button", { name: "Clear" }).click();
  const confirm = host.getByRole("dialog", { name: "Clear the played list?" });
  await expect(confirm).toContainText("Sessions, history and the priority figures keep every play.");
  await confirm.getByRole("button", { name: "Clear played list" }).click();
  await expect(host.getByText("Nothing played yet.")).toBeVisible();
  // The session keeps its songs.
  const sessions = await readAsHost<{ name: string; submissions_count: number }[]>(host, "analytics/sessions");
  expect(sessions.find((s) => s.name === "Friday night show")?.submissions_count).toBe(3);
});
