import type { Page } from "@playwright/test";
import { expect, test, clearAndOpenQueue, closeToasts, expectAccessible, shoot, signedInHost } from "./support";

const TRACKS = ["Paper Moons", "Glass Harbor", "Slow Comet", "Late Tram"];

async function submit(page: Page, track: string) {
  const response = await page.request.post("/api/v1/queuer/", {
    data: { artist_name: "Bulk Band", track_title: track, youtube_username: track.replace(" ", ""), link: `https://example.com/${encodeURIComponent(track)}` },
  });
  expect(response.status(), `submit ${track}`).toBe(201);
}

const region = (page: Page, name: "Waiting" | "On Hold" | "Now Playing") => page.getByRole("region", { name, exact: true });
const userBox = (page: Page, list: "Waiting" | "On Hold" | "Now Playing", track: string) => region(page, list).getByRole("checkbox", { name: new RegExp(track) });

test("the host selects three waiting users, puts them on hold in one go, sees them on hold and releases one", async ({ browser }) => {
  const page = await signedInHost(browser);
  await clearAndOpenQueue(page);
  for (const track of TRACKS) await submit(page, track);

  await page
    .getByRole("main")
    .getByRole("link", { name: /Bulk Operations/ })
    .click();
  await expect(page).toHaveURL(/\/bulk-operations$/);
  await expect(page.getByRole("heading", { name: "Bulk Operations" })).toBeVisible();
  for (const track of TRACKS) await expect(userBox(page, "Waiting", track)).toBeVisible();

  // Nothing chosen yet: the spec's sentence, and nothing changes.
  await page.getByRole("button", { name: "Run operation" }).click();
  await expect(page.getByText("Please select an operation and at least one user")).toBeVisible();

  await page.getByRole("combobox", { name: "Operation" }).click();
  await page.getByRole("option", { name: "Move to queue" }).click();
  for (const track of TRACKS.slice(0, 3)) await userBox(page, "Waiting", track).check();
  await page.getByRole("radio", { name: "On Hold" }).check();
  await page.getByLabel("Reason (optional)").fill("Taking a short break");
  await expect(page.getByText("3 users selected")).toBeVisible();
  await closeToasts(page);
  await shoot(page, "bulk-operations");
  await expectAccessible(page, "/bulk-operations");

  await page.getByRole("button", { name: "Run operation" }).click();
  const result = page.getByRole("region", { name: "Bulk operation result" });
  await expect(result).toContainText("3 succeeded · 0 failed");
  for (const track of TRACKS.slice(0, 3)) await expect(userBox(page, "On Hold", track)).toBeVisible();
  await expect(region(page, "Waiting").getByRole("checkbox", { name: /Bulk Band/ })).toHaveCount(1);
  await expect(userBox(page, "Waiting", TRACKS[3]!)).toBeVisible();

  // A release of one held and one waiting user: one done, one failure with its reason.
  await page.getByRole("combobox", { name: "Operation" }).click();
  await page.getByRole("option", { name: "Release from hold" }).click();
  await userBox(page, "On Hold", TRACKS[0]!).check();
  await userBox(page, "Waiting", TRACKS[3]!).check();
  await page.getByRole("button", { name: "Run operation" }).click();
  await expect(result).toContainText("1 succeeded · 1 failed");
  await expect(result).toContainText(`${TRACKS[3]} by Bulk Band (@LateTram): This submission is not on hold`);
  await expect(userBox(page, "Waiting", TRACKS[0]!)).toBeVisible();
  await closeToasts(page);
  await shoot(page, "bulk-operations-result");

  // A destructive operation says it cannot be undone.
  await page.getByRole("combobox", { name: "Operation" }).click();
  await page.getByRole("option", { name: "Delete from queue" }).click();
  await expect(page.getByText("This action cannot be undone.")).toBeVisible();
  await expectAccessible(page, "/bulk-operations");

  // Manage Queue shows the same On Hold list.
  await page.getByRole("link", { name: "Return Admin Page" }).click();
  await page
    .getByRole("main")
    .getByRole("link", { name: /Manage Queue/ })
    .click();
  const onHold = page.getByRole("region", { name: "On Hold", exact: true });
  for (const track of TRACKS.slice(1, 3)) await expect(onHold.getByLabel(new RegExp(`^${track} by`))).toBeVisible({ timeout: 15_000 });
});
