import type { Page } from "@playwright/test";
import { blockingViolations } from "./axe";
import { expect, test } from "./support";

/** Serves `html` at http://site.test/ and a page with a nameless button at /inner there and on another origin. */
async function servePage(page: Page, html: string) {
  await page.route("http://site.test/", (route) => route.fulfill({ contentType: "text/html", body: `<!doctype html><html lang="en"><title>Check</title>${html}</html>` }));
  await page.route("**/inner", (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><html lang="en"><title>Inner</title><main><button></button></main></html>` }),
  );
  await page.goto("http://site.test/");
}

// The journeys' accessibility check runs axe itself (e2e/axe.ts): it must still see what axe sees, frames included.
test("the accessibility check finds a nameless button on the page and in frames of its own and another origin, and passes a named one", async ({ page }) => {
  await servePage(page, `<main><h1>Check</h1><button></button><iframe title="same" src="/inner"></iframe><iframe title="other" src="http://elsewhere.test/inner"></iframe></main>`);
  await expect(page.frameLocator('iframe[title="other"]').locator("button")).toHaveCount(1);
  const found = await blockingViolations(page);
  expect(found.filter((line) => line.startsWith("critical button-name: "))).toEqual([`critical button-name: button, iframe[title="same"] button, iframe[title="other"] button`]);

  await page.unrouteAll();
  await servePage(page, `<main><h1>Check</h1><button>Play</button></main>`);
  expect(await blockingViolations(page)).toEqual([]);
});
