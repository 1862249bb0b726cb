import type { Locator, Page } from "@playwright/test";
import { expect, test, asHost, clearAndOpenQueue, PHONE, shoot, signedInHost, transitionsSettled } from "./support";

/** Whether any toast on the page overlaps `target`. */
async function coveredByToast(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  for (const toast of await page.locator(".mantine-Notification-root").all()) {
    const over = await toast.boundingBox();
    if (over && over.x < box.x + box.width && box.x < over.x + over.width && over.y < box.y + box.height && box.y < over.y + over.height) return true;
  }
  return false;
}

test("on a phone: the queue closing live is a banner, not a dialog; the OPEN toast leaves with Join Queue; no toast covers the viewer's own buttons", async ({ browser }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);

  const viewer = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  await viewer.goto("/queue");
  await expect(viewer.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();

  await asHost(host, "PUT", "set/isQueueOn", { state: "false" });
  // An announcement replaces the one before it; while one slides out and the next slides in, the page
  // briefly holds both, so the check waits for the one that stays.
  await expect(viewer.getByText("Queue is now CLOSED")).toHaveCount(1);
  await expect(viewer.getByText("Queue is now CLOSED")).toBeVisible();
  await expect(viewer.getByRole("alert").filter({ hasText: "The queue is closed" })).toBeVisible();
  // The page stays in the viewer's hands: a dialog's overlay would take this click.
  const waitingToggle = viewer.getByRole("button", { name: /^Waiting/ });
  await waitingToggle.click({ timeout: 5_000 });
  await expect(waitingToggle).toHaveAttribute("aria-expanded", "false");
  await waitingToggle.click();
  await expect(viewer.getByRole("dialog")).toHaveCount(0);
  await shoot(viewer, "phone-queue-closed-live", { fullPage: false });

  await asHost(host, "PUT", "set/isQueueOn", { state: "true" });
  const opened = viewer.getByText("Queue is now OPEN");
  await expect(opened).toHaveCount(1);
  await expect(opened).toBeVisible();
  await viewer.getByRole("button", { name: "Join Queue" }).click();
  const join = viewer.getByRole("dialog", { name: "Join the queue" });
  await expect(join).toBeVisible();
  await expect(opened).toBeHidden();

  await join.getByRole("button", { name: "Join Queue" }).click();
  const form = viewer.getByRole("dialog", { name: "Submit your song" });
  await form.getByLabel("Artist name").fill("Mira Holt");
  await form.getByLabel("Track title").fill("Paper Boats");
  await form.getByLabel("Song link").fill("https://www.youtube.com/watch?v=paperboats1");
  await form.getByRole("button", { name: "Join" }).click();
  await viewer.getByRole("button", { name: "Continue as Guest" }).click();

  await expect(viewer).toHaveURL(/\/queue$/);
  const entry = viewer.getByRole("region", { name: "Waiting", exact: true }).getByRole("button", { name: /Paper Boats/ });
  if ((await entry.getAttribute("aria-expanded")) === "false") await entry.click();
  const leave = viewer.getByRole("button", { name: "Leave Queue" });
  const edit = viewer.getByRole("button", { name: "Edit Submission" });
  // The page settles first: the entry opens with a sliding animation, and the song's details from
  // YouTube arrive a moment after the join and add a line above the buttons.
  await expect(viewer.getByRole("region", { name: "Waiting", exact: true })).toContainText("On YouTube");
  await transitionsSettled(viewer);
  // Scrolled into view as the browser does for a focused button: above the toast, not behind it.
  await leave.evaluate((button) => button.scrollIntoView({ block: "nearest" }));
  await expect(leave).toBeVisible();
  // One toast at a time on a phone, never a stack.
  expect(await viewer.locator(".mantine-Notification-root").count()).toBeLessThanOrEqual(1);
  expect(await coveredByToast(viewer, leave)).toBe(false);
  expect(await coveredByToast(viewer, edit)).toBe(false);
  await shoot(viewer, "phone-queue-after-join", { fullPage: false });
});
