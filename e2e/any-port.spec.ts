import { expect, test, clearAndOpenQueue, liveSocketGreeted, signedInHost } from "./support";

/** The port playwright.config.ts serves the app on: anything but the development default, 8000. */
const PORT = Number(process.env.E2E_PORT ?? 8765);

test("the app served on localhost at a port other than 8000 loads the queue and connects live to its own server", async ({ browser }) => {
  expect(PORT).not.toBe(8000);
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);

  const page = await (await browser.newContext()).newPage();
  const calls: string[] = [];
  page.on("request", (request) => calls.push(request.url()));
  const greeted = liveSocketGreeted(page);
  await page.goto(`http://localhost:${PORT}/`);
  await expect(page.getByText("Queue Open", { exact: true }).first()).toBeVisible();
  const live = await greeted;
  expect(live.url()).toMatch(new RegExp(`^ws://localhost:${PORT}/ws/public`));
  expect(live.isClosed()).toBe(false);
  expect(calls.filter((url) => url.includes(":8000"))).toEqual([]);
});
