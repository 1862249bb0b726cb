import type { Page } from "@playwright/test";
import { blockingViolations } from "./axe";
import { expect, test, asHost, DESKTOP, PHONE, shoot, signedInHost } from "./support";

/** At 390 and 1280 px: nothing wider than the screen, no blocking axe violation; then a screenshot of each width. */
async function checkBothWidths(page: Page, name: string, check: (page: Page) => Promise<void>) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await check(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow, `${name} is wider than ${size.width} px`).toBeLessThanOrEqual(size.width);
    expect(await blockingViolations(page), `${name} at ${size.width} px`).toEqual([]);
  }
  await shoot(page, `shell-${name}`);
}

const stamp = Date.now().toString(36);

test("every public page has the same header (Queue, Live, Community, Sign in), fits a phone and has its own title", async ({ browser, request }) => {
  const member = `shell_${stamp}_with_a_rather_long_name`.slice(0, 30);
  const registered = await request.post("/api/v1/auth/user/register", {
    data: { username: member, email: `${member}@example.com`, password: "member-password-1" },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  const context = await browser.newContext({ viewport: DESKTOP });
  // The first-visit help dialog is tested elsewhere; here it would cover the header.
  await context.addInitScript(() => localStorage.setItem("how_it_works_seen", "true"));
  const page = await context.newPage();
  const pages = [
    { name: "home", path: "/", current: null },
    { name: "queue", path: "/queue", current: "Queue" },
    { name: "live", path: "/live", current: "Live" },
    { name: "community", path: "/community", current: "Community" },
    { name: "profile", path: `/community/${member}`, current: "Community" },
    { name: "not-found", path: "/no-such-page", current: null },
    { name: "privacy", path: "/privacy", current: null },
    { name: "terms", path: "/terms", current: null },
  ];
  const titles = new Set<string>();
  for (const { name, path, current } of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    titles.add(await page.title());
    await checkBothWidths(page, name, async () => {
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "LiveQueue" })).toHaveAttribute("href", "/");
      const nav = header.getByRole("navigation", { name: "Main" });
      for (const link of ["Queue", "Live", "Community"]) await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
      await expect(header.getByRole("button", { name: "Sign in" })).toBeVisible();
      if (current) await expect(nav.getByRole("link", { name: current, exact: true })).toHaveAttribute("aria-current", "page");
      else await expect(nav.locator("[aria-current=page]")).toHaveCount(0);
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    });
  }
  expect(titles.size, [...titles].join(" | ")).toBe(pages.length);
  // The sign-in error page goes home after 10 s: a look at it, with its toast at the bottom.
  await page.goto("/auth/error?error=access_denied");
  await expect(page.getByRole("alert").filter({ hasText: "You cancelled the Google sign-in process" })).toBeVisible();
  await shoot(page, "shell-auth-error", { fullPage: false });
  expect(titles).toContain("Queue · LiveQueue");
  expect(titles).toContain(`@${member} · LiveQueue`);
  await context.close();
});

test("the back-office shell: every admin page in its navigation, the queue's state, Logout, and a drawer on phones", async ({ browser }) => {
  const page = await signedInHost(browser);
  const titles = new Set<string>();
  for (const [name, path, heading] of [
    ["admin-home", "/admin", "Admin"],
    ["admin-manage-queue", "/access-queue", "Manage Queue"],
    ["admin-settings", "/settings", "Queue Settings"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    titles.add(await page.title());
    await checkBothWidths(page, name, async () => {
      const header = page.getByRole("banner");
      await expect(header.getByRole("status").filter({ hasText: /^(Queue is )?(open|closed)$/ })).toBeVisible();
      await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
      if (page.viewportSize()!.width < 768) {
        await header.getByRole("button", { name: "Back-office pages" }).click();
        const drawer = page.getByRole("dialog", { name: "Back-office" });
        await expect(drawer.getByRole("link", { name: "Scheduler" })).toBeVisible();
        await expect(drawer.getByRole("link", { name: heading === "Admin" ? "Admin home" : heading, exact: true })).toHaveAttribute("aria-current", "page");
        await shoot(page, `shell-${name}-menu`, { fullPage: false });
        await page.keyboard.press("Escape");
        await expect(drawer).toBeHidden();
      } else {
        const nav = page.getByRole("navigation", { name: "Back-office" });
        for (const link of ["Admin home", "Manage Queue", "Queue Settings", "Scheduler", "Bulk Operations", "Analytics", "Submissions Played", "Audit log"]) {
          await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
        }
      }
    });
  }
  expect(titles).toEqual(new Set(["Admin · LiveQueue", "Manage Queue · LiveQueue", "Queue Settings · LiveQueue"]));

  // The shell's state follows the queue live (a change made elsewhere arrives on the admin socket), and its Logout ends the session.
  await page.setViewportSize(DESKTOP);
  const state = page.getByRole("banner").getByRole("status");
  await asHost(page, "PUT", "set/isQueueOn", { state: "false" });
  await expect(state).toHaveText("Queue is closed");
  await asHost(page, "PUT", "set/isQueueOn", { state: "true" });
  await expect(state).toHaveText("Queue is open");
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/access$/);
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page).toHaveTitle("Admin sign-in · LiveQueue");
  await shoot(page, "shell-access");
});
