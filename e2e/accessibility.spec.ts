import { test, expect, type Page } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { DESKTOP, PHONE, signedInHost } from "./support";

/** Fails on any critical or serious axe violation, at phone and desktop width, naming each one. */
async function expectAccessible(page: Page, what: string) {
  const own = page.viewportSize();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations
      .filter((violation) => violation.impact === "critical" || violation.impact === "serious")
      .map((violation) => `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    expect(blocking, `${what} at ${size.width} px`).toEqual([]);
  }
  if (own) await page.setViewportSize(own);
}

const PUBLIC_PAGES = ["/", "/queue", "/live", "/community", "/privacy", "/terms", "/auth/error?error=access_denied", "/no-such-page", "/access"];

test("every public page passes axe with no serious or critical violation, signed out", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, path);
  }
});

test("the help and sign-in dialogs pass axe", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto("/");
  const help = page.getByRole("dialog", { name: "How Does It Work" });
  await expect(help).toBeVisible();
  await expectAccessible(page, "the help dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
  await expectAccessible(page, "the sign-in dialog");
});

test("the host's pages and the add dialog pass axe", async ({ browser }) => {
  const page = await signedInHost(browser);
  for (const path of ["/admin", "/access-queue", "/settings"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, path);
  }
  await page.goto("/access-queue");
  await page.getByRole("button", { name: "Add Queuer" }).click();
  await expect(page.getByRole("dialog", { name: "You're in control" })).toBeVisible();
  await expectAccessible(page, "the add dialog");
});
