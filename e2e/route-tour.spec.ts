import type { Browser, Page } from "@playwright/test";
import { expect, test, DESKTOP, PHONE, SHOTS, clearAndOpenQueue, expectAccessible, signedInHost, signedInMember, showQueueCards } from "./support";

/**
 * Every route of the app, as a visitor, a member and the host see it: a screenshot at phone and
 * desktop width (`tour-<who>-<page>-<width>.png`), axe with no serious or critical violation, and
 * nothing wider than the screen. Adding a page means adding it to one of these lists.
 */
const stamp = Date.now().toString(36);
const MEMBER = `tour_${stamp}`;

const PUBLIC_ROUTES: Record<string, string> = {
  home: "/",
  queue: "/queue",
  live: "/live",
  community: "/community",
  profile: `/community/${MEMBER}`,
  privacy: "/privacy",
  terms: "/terms",
  "email-unsubscribe": "/email/unsubscribe?token=expired",
  "auth-error": "/auth/error?error=access_denied",
  "not-found": "/no-such-page",
  overlay: "/overlay",
  "overlay-now-playing": "/overlay/now-playing?theme=light",
  "overlay-up-next": "/overlay/up-next?theme=minimal&names=0",
};

const SIGN_IN_ROUTES: Record<string, string> = { access: "/access" };

const ADMIN_ROUTES: Record<string, string> = {
  admin: "/admin",
  "manage-queue": "/access-queue",
  settings: "/settings",
  scheduler: "/queue-scheduler",
  "bulk-operations": "/bulk-operations",
  analytics: "/analytics",
  "submissions-played": "/submission-played",
  fastpass: "/admin/fastpass",
  audit: "/admin/audit",
  overlay: "/admin/overlay",
  "chat-commands": "/admin/chat-commands",
  bans: "/admin/bans",
};

/**
 * Fails when the page scrolls sideways: something is wider than the screen. Right after a resize a
 * page may still be laid out for the old width for a frame or two, so the check waits for the layout.
 */
async function expectNoSidewaysScroll(page: Page, what: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${what} is wider than the screen by this many pixels` })
    .toBeLessThanOrEqual(0);
}

/** Opens each route, waits for it to settle, then checks and photographs it at both widths. */
async function tour(page: Page, who: string, routes: Record<string, string>) {
  for (const [name, path] of Object.entries(routes)) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The first-visit help opens on its own on some pages; the tour looks at the page behind it.
    await page.keyboard.press("Escape");
    for (const [label, size] of [
      ["390", PHONE],
      ["1280", DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await expectNoSidewaysScroll(page, `${path} at ${label} px (${who})`);
      await page.screenshot({ path: `${SHOTS}/tour-${who}-${name}-${label}.png`, fullPage: true, animations: "disabled" });
    }
    await expectAccessible(page, `${path} (${who})`);
    await page.setViewportSize(DESKTOP);
  }
}

/** A member with a public profile and a song in the queue. */
async function memberInQueue(browser: Browser, username: string): Promise<Page> {
  const { page, accessToken } = await signedInMember(browser, username, "Tour Member");
  const joined = await page.request.post("/api/v1/queuer/", {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      artist_name: "Tour Member",
      track_title: "Walking Lines",
      youtube_username: username,
      link: "https://www.youtube.com/watch?v=walking0001",
      message: "Thanks for the stream!",
    },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  return page;
}

/** Guests' songs, so the lists have something to show. */
async function seedQueue(page: Page) {
  const songs = [
    ["Lena Marr", "Harbour Lights", "https://www.youtube.com/watch?v=harbour0001"],
    ["The Quiet Ones", "Paper Boats", "https://soundcloud.com/quiet/paper-boats"],
    ["Nova Reyes", "A title long enough to need wrapping on a phone screen", "https://example.com/a/rather/long/link/that/keeps/going/and/going"],
  ];
  for (const [artist_name, track_title, link] of songs) {
    const joined = await page.request.post("/api/v1/queuer/", { data: { artist_name, track_title, youtube_username: "", link, message: "" } });
    expect(joined.status(), await joined.text()).toBe(201);
  }
}

test.describe("every route, signed out, as a member and as the host: no sideways scroll, axe-clean, photographed", () => {
  let host: Page;
  let member: Page;
  test.beforeAll(async ({ browser }) => {
    host = await signedInHost(browser);
    await clearAndOpenQueue(host);
    await seedQueue(host);
    member = await memberInQueue(browser, MEMBER);
  });
  test.afterAll(async () => {
    await host.context().close();
    await member.context().close();
  });

  // One tour a role: each is long (every route, two widths, axe), so each has a test and a time of its own.
  test("signed out", async ({ browser }) => {
    test.setTimeout(240_000);
    const visitor = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await tour(visitor, "visitor", { ...PUBLIC_ROUTES, ...SIGN_IN_ROUTES });
  });

  test("as a member", async () => {
    test.setTimeout(240_000);
    await tour(member, "member", PUBLIC_ROUTES);
  });

  test("as the host", async () => {
    test.setTimeout(240_000);
    await tour(host, "host", ADMIN_ROUTES);
  });
});

/** Opens a dialog with `open`, checks it with axe at both widths, photographs it, and closes it. */
async function checkDialog(page: Page, name: string, open: () => Promise<void>, shot: string) {
  await open();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, `the "${name}" dialog`);
  await page.screenshot({ path: `${SHOTS}/tour-dialog-${shot}-1280.png`, animations: "disabled" });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

test("every dialog a visitor, a member or the host opens passes axe", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  await seedQueue(host);
  const visitor = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await visitor.goto("/");
  await expect(visitor.getByRole("dialog", { name: "How Does It Work" })).toBeVisible();
  await expectAccessible(visitor, "the first-visit help");
  await visitor.keyboard.press("Escape");
  await checkDialog(visitor, "Welcome back", () => visitor.getByRole("button", { name: "Sign in" }).click(), "sign-in");

  const username = `dialogs_${stamp}`;
  const member = await memberInQueue(browser, username);

  await member.goto("/");
  const account = () => member.getByRole("button", { name: `Your account (@${username})` }).click();
  await checkDialog(member, "Your account", account, "account");
  for (const tab of ["Submission History", "Auto-Fill", "Settings"]) {
    await account();
    await member.getByRole("tab", { name: tab }).click();
    await expectAccessible(member, `the account dialog's ${tab} tab`);
    await member.keyboard.press("Escape");
  }
  await checkDialog(
    member,
    "Community Hub",
    async () => {
      await account();
      await member.getByRole("button", { name: "Community", exact: true }).click();
    },
    "community-hub",
  );
  await member.goto("/queue");
  await checkDialog(member, "Edit your submission", () => member.getByRole("button", { name: "Edit Submission" }).click(), "edit-submission");
  await checkDialog(member, "Leave the queue?", () => member.getByRole("button", { name: "Leave Queue" }).click(), "leave");

  await host.goto("/access-queue");
  await showQueueCards(host);
  await checkDialog(host, "You're in control", () => host.getByRole("button", { name: "Add Queuer" }).click(), "admin-add");
  const waiting = host.getByRole("region", { name: "Waiting", exact: true });
  await checkDialog(host, "Set priority", () => waiting.getByRole("button", { name: "Priority" }).first().click(), "priority");
  await checkDialog(host, "Remove from the queue?", () => waiting.getByRole("button", { name: "Remove" }).first().click(), "remove");
  await checkDialog(host, "Are you sure?", () => host.getByRole("button", { name: "Clear Waiting" }).click(), "clear");
});
