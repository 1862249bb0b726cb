import { expect, type Browser, type Page } from "@playwright/test";

/** The admin the e2e server starts with (playwright.config.ts). */
export const ADMIN = { username: "host", password: "host-password-123" };
export const SHOTS = "test-results/screenshots";
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Saves `<name>-390.png` and `<name>-1280.png`, then puts the page back at its own size. A dialog is
 * shot with `fullPage: false`, as the screen shows it (its overlay covers the viewport only).
 */
export async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  const own = page.viewportSize();
  for (const [label, size] of [["390", PHONE], ["1280", DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage, animations: "disabled" });
  }
  if (own) await page.setViewportSize(own);
}

/** A desktop page signed in as the host at /access. */
export async function signedInHost(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto("/access");
  await page.getByLabel("Email / Username").fill(ADMIN.username);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** An admin call made from the host's page with the token the app stored. */
export async function asHost(host: Page, method: "PUT" | "DELETE", path: string, body?: unknown) {
  const status = await host.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem("admin_access_token")}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.status;
    },
    { method, path, body },
  );
  expect(status, `${method} ${path}`).toBeLessThan(300);
}

/** An empty, open queue, whatever the other journeys on the same server left behind. */
export async function clearAndOpenQueue(host: Page) {
  for (const list of ["active-queuer/queue/admin", "queuer/queue/admin", "queuer/on-hold/admin"]) await asHost(host, "DELETE", list);
  await asHost(host, "PUT", "set/isQueueOn", { state: "true" });
}
