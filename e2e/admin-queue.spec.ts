import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, ADMIN, DESKTOP, SHOTS, expectAccessible, shoot, showQueueCards, transitionsSettled } from "./support";

async function signIn(page: Page, origin = "/access-queue") {
  await page.goto(origin);
  await expect(page).toHaveURL(/\/access$/);
  await page.getByLabel("Email / Username").fill(ADMIN.username);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`${origin}$`));
}

const adminToken = (page: Page) => page.evaluate(() => localStorage.getItem("admin_access_token"));

async function asAdmin(request: APIRequestContext, page: Page, method: "get" | "put" | "post" | "delete", path: string, data?: unknown) {
  const response = await request[method](`/api/v1/${path}`, { headers: { Authorization: `Bearer ${await adminToken(page)}` }, data });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBeTruthy();
  return response.json().catch(() => null);
}

const section = (page: Page, name: "Now Playing" | "Waiting" | "On Hold") => page.getByRole("region", { name, exact: true });
const card = (page: Page, where: "Now Playing" | "Waiting" | "On Hold", track: string) => section(page, where).getByLabel(new RegExp(`^${track} by`));

test.describe.configure({ mode: "serial" });

test("admin pages need a signed-in admin and send them back where they were going", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/access$/);
  const login = page.getByRole("button", { name: "Login" });
  await expect(login).toBeDisabled();
  await page.getByLabel("Email / Username").fill(ADMIN.username);
  await expect(login).toBeDisabled();
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await expect(login).toBeEnabled();
  await login.click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect username or password");
  expect(await adminToken(page)).toBeNull();

  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await login.click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Queue Settings" })).toBeVisible();

  // A reload restores the session from storage; /access then leads to the admin home.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Queue Settings" })).toBeVisible();
  await page.goto("/access");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Coming soon")).toHaveCount(0);
  for (const card of ["Scheduler", "Bulk Operations", "Analytics", "Submissions Played", "Grant Fast Passes", "Audit log"]) {
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(`^${card}`) })).toBeVisible();
  }
  await page.screenshot({ path: `${SHOTS}/admin-home.png`, fullPage: true });

  // Opened directly, Go Back would only repeat Return Admin Page: it is offered once there is a page to go back to.
  await page.goto("/access-queue");
  await expect(page.getByRole("link", { name: "Return Admin Page" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Go Back" })).toHaveCount(0);
  await page.getByRole("link", { name: "Return Admin Page" }).click();
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Manage Queue/ })
    .click();
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole("region", { name: "Quick Actions" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/access$/);
  expect(await page.evaluate(() => [localStorage.getItem("admin_access_token"), localStorage.getItem("admin_refresh_token")])).toEqual([null, null]);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/access$/);
});

test("the host adds, holds, releases, plays, ranks, removes and clears entries, and sees viewers' submissions live", async ({ page, request }) => {
  await signIn(page);
  for (const list of ["active-queuer/queue/admin", "queuer/queue/admin", "queuer/on-hold/admin"]) {
    await asAdmin(request, page, "delete", list);
  }
  await expect(page.getByText("Live: connected")).toBeVisible();
  await showQueueCards(page);

  await page.getByRole("button", { name: "Add Queuer" }).click();
  const form = page.getByRole("dialog", { name: "You're in control" });
  await form.getByLabel("Artist name").fill("Nova Lights");
  await form.getByLabel("Track title").fill("Midnight Drive");
  const longLink = "https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLabcdefghijklmnopqrstuvwxyz0123456789";
  await form.getByLabel("Song link").fill(longLink);
  await form.getByLabel("Note").fill("Donated $10, thanks!");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(form).toBeHidden();
  const nova = card(page, "Waiting", "Midnight Drive");
  await expect(nova).toBeVisible();
  await expect(nova).toHaveAttribute("data-premium", "true");
  await expect(nova.getByRole("link")).toHaveText(`${longLink.slice(0, 50)}…`);
  await expect(nova.getByRole("link")).toHaveAttribute("href", longLink);

  // A viewer joins while the page is open: the admin socket brings the entry in without a reload.
  await asAdmin(request, page, "put", "set/isQueueOn", { state: "true" });
  const joined = await request.post("/api/v1/queuer/", {
    data: { artist_name: "The Quiet Ones", track_title: "Paper Boats", youtube_username: "quietone", link: "https://soundcloud.com/quiet/paper-boats", message: "" },
  });
  expect(joined.status()).toBe(201);
  await expect(card(page, "Waiting", "Paper Boats")).toBeVisible();

  await nova.getByRole("button", { name: "Hold" }).click();
  const held = card(page, "On Hold", "Midnight Drive");
  await expect(held).toBeVisible();
  await held.getByRole("button", { name: "Release" }).click();
  await expect(card(page, "Waiting", "Midnight Drive")).toBeVisible();

  const quiet = card(page, "Waiting", "Paper Boats");
  await quiet.getByRole("button", { name: "Priority" }).click();
  const priority = page.getByRole("dialog", { name: "Set priority" });
  await priority.getByLabel("Priority level").click();
  await page.getByRole("option", { name: "2 · VIP" }).click();
  await priority.getByRole("button", { name: "Save" }).click();
  await expect(quiet.getByText("VIP")).toBeVisible();
  // Priority first: the VIP entry now leads Waiting.
  await expect(section(page, "Waiting").getByLabel(/ by /).first()).toHaveAttribute("aria-label", "Paper Boats by The Quiet Ones");

  await card(page, "Waiting", "Midnight Drive").getByRole("button", { name: "Move to Now Playing" }).click();
  const playing = card(page, "Now Playing", "Midnight Drive");
  await expect(playing).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/manage-queue-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/manage-queue-1280.png`, fullPage: true });

  await playing.getByRole("button", { name: "Remove" }).click();
  const removal = page.getByRole("dialog", { name: "Remove from the queue?" });
  await expect(removal.getByLabel("Mark as played")).toBeChecked();
  await removal.getByRole("button", { name: "Remove" }).click();
  await expect(section(page, "Now Playing").getByText("Nothing is playing")).toBeVisible();
  const played = (await asAdmin(request, page, "get", "submission-played/queue/admin")) as { track_title: string }[];
  expect(played.map((entry) => entry.track_title)).toContain("Midnight Drive");

  await page.getByRole("button", { name: "Clear Waiting" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("This will delete ALL waiting queuers. Are you sure?");
  await confirm.getByRole("button", { name: "Yes, continue" }).click();
  await expect(confirm).toContainText("This action cannot be undone. Confirm clear entire waiting queue?");
  await confirm.getByRole("button", { name: "Clear Waiting" }).click();
  await expect(section(page, "Waiting").getByText("Nobody is waiting.")).toBeVisible();
});

test("queue settings: the switch, the timeout range and the next stream start typed in Eastern time", async ({ page, request }) => {
  await signIn(page, "/settings");
  const toggle = page.getByRole("switch", { name: "Queue open" });
  const wasOpen = await toggle.isChecked();
  await toggle.click({ force: true });
  await expect(page.getByText(wasOpen ? "Queue closed" : "Queue open", { exact: true })).toBeVisible();
  expect(((await asAdmin(request, page, "get", "set/isQueueOn")) as { state: string }).state).toBe(String(!wasOpen));

  await page.getByLabel("Inactivity timeout (minutes)").fill("0");
  await page.getByRole("button", { name: "Save timeout" }).click();
  await expect(page.getByText("Timeout must be between 1 and 1440 minutes (24 hours)!")).toBeVisible();

  await page.getByLabel("Next stream start (US Eastern time)").fill("2026-07-04T19:00");
  await page.getByRole("button", { name: "Set time" }).click();
  await expect(page.getByText("Sat, Jul 4, 2026, 7:00 PM EDT")).toBeVisible();
  expect(((await asAdmin(request, page, "get", "set/nextStreamStartAt")) as { state: string }).state).toBe("2026-07-04T23:00:00.000Z");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/settings-390.png`, fullPage: true });

  await page.getByRole("button", { name: "Clear time" }).click();
  await expect(page.getByText("Not set")).toBeVisible();
});

test("the host plays three songs with Play next, finds entries in the compact view and reads the audit log", async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  for (const list of ["active-queuer/queue/admin", "queuer/queue/admin", "queuer/on-hold/admin", "submission-played/queue/admin"]) {
    await asAdmin(request, page, "delete", list);
  }
  await asAdmin(request, page, "put", "set/isQueueOn", { state: "true" });
  const songs = [
    { artist_name: "Aurora Bay", track_title: "First Light", youtube_username: "aurora" },
    { artist_name: "Brass Tacks", track_title: "Second Wind", youtube_username: "brassy" },
    { artist_name: "Cold Coffee", track_title: "Third Time", youtube_username: "coffee" },
    { artist_name: "Dune Runner", track_title: "Fourth Wall", youtube_username: "dunes", message: "paid on cashapp, skip please" },
  ];
  for (const [index, song] of songs.entries()) {
    await asAdmin(request, page, "post", "admin-post/", { ...song, link: `https://example.com/show-${index}-${Date.now()}` });
  }
  const nowPlaying = page.getByTestId("now-playing-song");
  const playNext = page.getByRole("button", { name: /Play next/ });
  await expect(section(page, "Waiting").getByLabel(/ by /)).toHaveCount(4);
  // The dense view is the default: one row per entry.
  await expect(section(page, "Waiting").locator("tbody tr")).toHaveCount(4);
  await expect(nowPlaying).toHaveText("Nothing is playing");
  await expect(page.getByRole("switch", { name: "Queue open" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Submissions open" })).toBeVisible();

  // The button, then the N key, then the button again: three songs in turn, in queue order.
  await playNext.click();
  await expect(nowPlaying).toHaveText("First Light by Aurora Bay");
  // The live update can show the new song before the call's own answer: until then the button is
  // busy and a second press is taken for a double press, so the host waits for it as a person would.
  await expect(playNext).toBeEnabled();
  await page.keyboard.press("n");
  await expect(nowPlaying).toHaveText("Second Wind by Brass Tacks");
  await playNext.click();
  await expect(nowPlaying).toHaveText("Third Time by Cold Coffee");
  const played = (await asAdmin(request, page, "get", "submission-played/queue/admin")) as { track_title: string }[];
  expect(played.map((entry) => entry.track_title)).toEqual(["Second Wind", "First Light"]);
  await expect(section(page, "Now Playing").getByLabel(/ by /)).toHaveCount(1);

  // N typed in the search is a letter, not a song played.
  await page.getByRole("radiogroup", { name: "View" }).getByText("Compact").click();
  const search = page.getByLabel("Search artist, title or username");
  await search.fill("dune");
  await expect(section(page, "Waiting").locator("tbody tr")).toHaveCount(1);
  await search.press("n");
  await expect(nowPlaying).toHaveText("Third Time by Cold Coffee");
  await search.fill("");
  await expect(section(page, "Waiting").locator("tbody tr")).toHaveCount(1);
  await expect(section(page, "Now Playing").locator("tbody tr")).toHaveAttribute("aria-label", "Third Time by Cold Coffee");
  await page.getByRole("combobox", { name: "Priority tier" }).click();
  await page.getByRole("option", { name: "Any priority" }).click();
  await expect(section(page, "Now Playing").getByText("No entry here matches the search and filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();

  // The view is remembered.
  await page.reload();
  await expect(section(page, "Now Playing").locator("tbody tr")).toHaveCount(1);
  // Every list loaded first: one still loading and then shrinking after the scroll would leave the
  // page scrolled past the lists, below the column Now Playing sticks in.
  await expect(section(page, "Waiting").locator("tbody tr")).toHaveCount(1);
  await expect(section(page, "On Hold").getByText("No one is on hold.")).toBeVisible();
  // On a phone, scrolled down to the last list, Now Playing and Play next are still in view.
  await page.setViewportSize({ width: 390, height: 600 });
  await transitionsSettled(page);
  await section(page, "On Hold").evaluate((list) => list.scrollIntoView({ block: "end" }));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(nowPlaying).toBeInViewport();
  await expect(playNext).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/manage-queue-sticky-390.png`, animations: "disabled" });
  await page.setViewportSize(DESKTOP);
  await page.waitForLoadState("networkidle");
  await shoot(page, "manage-queue-compact");
  await expectAccessible(page, "Manage Queue, compact view");
  await showQueueCards(page);
  await expect(card(page, "Now Playing", "Third Time")).toBeVisible();
  await shoot(page, "manage-queue-cards");
  await expectAccessible(page, "Manage Queue, cards");

  await page.goto("/admin/audit");
  const records = page.getByRole("list", { name: "Audit records" });
  await expect(records.getByRole("listitem").first()).toContainText("Play next");
  await expect(records.getByRole("listitem", { name: `Play next by ${ADMIN.username}` })).toHaveCount(3);
  await page.waitForLoadState("networkidle");
  await shoot(page, "admin-audit");
  await expectAccessible(page, "the audit log");
  await page.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "Marked played" }).click();
  await expect(records.getByRole("listitem").nth(0)).toContainText("Second Wind by Brass Tacks");
  await expect(records.getByRole("listitem").nth(1)).toContainText("First Light by Aurora Bay");
  await expect(records.getByRole("listitem", { name: /^Play next/ })).toHaveCount(0);
  await shoot(page, "admin-audit-filtered");
  await expectAccessible(page, "the audit log, filtered");
});
