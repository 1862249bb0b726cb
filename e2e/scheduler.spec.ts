import { expect, test, closeToasts, expectAccessible, shoot, signedInHost } from "./support";

test("the host schedules a weekly opening, pauses it and opens and closes the queue by hand", async ({ browser }) => {
  const page = await signedInHost(browser);
  await page
    .getByRole("main")
    .getByRole("link", { name: /Scheduler/ })
    .click();
  await expect(page).toHaveURL(/\/queue-scheduler$/);
  await expect(page.getByRole("heading", { name: "Scheduler", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "New schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "New schedule" });
  await dialog.getByLabel("Name").fill("Weeknight opening");
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Weekly" }).click();
  await dialog.getByRole("textbox", { name: "Time", exact: true }).fill("20:30");
  await dialog.getByRole("button", { name: "Create schedule" }).click();
  await expect(dialog.getByText("Please select at least one day for weekly schedules")).toBeVisible();
  await dialog.getByRole("checkbox", { name: "Monday" }).check();
  await dialog.getByRole("checkbox", { name: "Friday" }).check();
  await expectAccessible(page, "the new schedule dialog");
  await shoot(page, "scheduler-form", { fullPage: false });
  await dialog.getByRole("button", { name: "Create schedule" }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole("article", { name: "Weeknight opening" });
  await expect(card.getByText("Active")).toBeVisible();
  await expect(card.getByText("20:30 Eastern · Mon, Fri")).toBeVisible();
  await expect(card.getByText(/^Next: (Mon|Fri), .* 8:30\sPM E[SD]T$/)).toBeVisible();
  await expect(card.getByText(/^Your time:/)).toBeVisible();
  const status = page.getByRole("region", { name: "Queue status" });
  await expect(status.getByText("Weeknight opening")).toBeVisible();

  await card.getByRole("button", { name: "Pause" }).click();
  await expect(card.getByText("Paused", { exact: true })).toBeVisible();
  await expect(card.getByText("Paused: no upcoming run")).toBeVisible();
  await expect(status.getByText("Nothing scheduled")).toBeVisible();

  // The queue starts closed on a fresh server; the switch follows whatever it is.
  const open = status.getByRole("button", { name: "Open queue now" });
  const close = status.getByRole("button", { name: "Close queue now" });
  if (await close.isVisible()) await close.click();
  await open.click();
  await expect(close).toBeVisible();
  await expect(status.getByText("Open").first()).toBeVisible();
  await close.click();
  await expect(open).toBeVisible();

  await card.getByRole("button", { name: "Run now" }).click();
  const runs = page.getByRole("region", { name: "Recent runs" });
  await expect(runs.getByText("Queue opened")).toBeVisible();
  await expect(close).toBeVisible();
  await close.click();
  await expect(open).toBeVisible();

  await card.getByRole("button", { name: "Resume" }).click();
  await expect(card.getByText("Active")).toBeVisible();
  await expect(card.getByText(/^Next: (Mon|Fri), /)).toBeVisible();
  await expect(card.getByText("Runs: 1")).toBeVisible();

  await page.waitForLoadState("networkidle");
  await expectAccessible(page, "/queue-scheduler");
  // The page as the host sees it once the toasts have gone.
  await closeToasts(page);
  await shoot(page, "scheduler");
});
