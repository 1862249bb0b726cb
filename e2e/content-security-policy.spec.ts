import type { Page } from "@playwright/test";
import { expect, test, SHOTS, signedInHost, signedInMember } from "./support";

/**
 * The app under its own Content-Security-Policy in a real browser: every page kind renders and the
 * browser reports no violation, neither as a `securitypolicyviolation` event nor in the console.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`),
    );
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []))];
}

test("the home page, the account modal, the admin, the overlay and the API docs render with no CSP violation", async ({ browser }) => {
  const { page } = await signedInMember(browser, `csp_${Date.now().toString(36)}`, "CSP Member");
  const memberViolations = await watchViolations(page);
  const home = await page.goto("/");
  expect(home?.headers()["content-security-policy"]).toContain("script-src 'self' https://accounts.google.com;");
  await expect(page.getByRole("button", { name: "Join Queue" }).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /Your account/ }).click();
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByRole("button", { name: "Download my data" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/csp-account-settings.png`, fullPage: true });
  expect(await memberViolations()).toEqual([]);

  for (const path of ["/overlay", "/overlay/now-playing?theme=light"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await memberViolations(), path).toEqual([]);
  }
  await page.screenshot({ path: `${SHOTS}/csp-overlay.png` });

  await page.goto("/api/docs/");
  await page.waitForLoadState("networkidle");
  expect(await memberViolations(), "/api/docs").toEqual([]);
  await expect(page.getByText("LiveQueue API").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/csp-api-docs.png` });

  const host = await signedInHost(browser);
  const hostViolations = await watchViolations(host);
  await host.goto("/admin");
  await host.waitForLoadState("networkidle");
  await expect(host.getByRole("heading").first()).toBeVisible();
  await host.screenshot({ path: `${SHOTS}/csp-admin.png` });
  expect(await hostViolations(), "/admin").toEqual([]);
});
