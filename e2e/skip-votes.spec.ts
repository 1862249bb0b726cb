import type { Page } from "@playwright/test";
import { expect, test, asHost, clearAndOpenQueue, hostCall, expectAccessible, shoot, showQueueCards, signedInHost, signedInMember } from "./support";

const SONGS = [
  { artist_name: "Luma Tide", track_title: "Harbour Lights", youtube_username: "lumatide" },
  { artist_name: "Ferro & Finch", track_title: "Copper Sky", youtube_username: "ferrofinch" },
  { artist_name: "Orla Vane", track_title: "Glass Rivers", youtube_username: "orlavane" },
];

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

// Five browser contexts sign in and follow the same show: more than the default minute on a busy machine.
test.describe.configure({ mode: "serial", timeout: 240_000 });

test("three viewers vote to skip, the song advances once, and the host and the overlay see it live", async ({ browser }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  await asHost(host, "PUT", "set/approvalFirst", { state: "false" });
  await asHost(host, "PUT", "set/skipVoteThreshold", { state: "3" });
  const ids: string[] = [];
  for (const [index, song] of SONGS.entries()) {
    const added = await hostCall<{ queuer: { id: string } }>(host, "POST", "admin-post/", { ...song, link: `https://soundcloud.com/e2e/skip-${index}-${Date.now()}`, message: "" });
    expect(added.status).toBe(201);
    ids.push(added.body.queuer.id);
  }
  expect((await hostCall(host, "GET", `move/${ids[0]}`)).status).toBe(200);

  await host.goto("/access-queue");
  await showQueueCards(host);
  await expect(region(host, "Now Playing").getByLabel(/^Harbour Lights by/)).toBeVisible();

  const overlay = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await overlay.goto("/overlay");
  await expect(overlay.getByTestId("overlay-skip-votes")).toHaveText("Skip votes: 0 / 3");

  const stamp = Date.now().toString(36);
  const voters: Page[] = [];
  for (const name of ["Ada", "Ben", "Cy"]) voters.push((await signedInMember(browser, `skip_${name.toLowerCase()}_${stamp}`, name)).page);
  for (const voter of voters) {
    await voter.goto("/queue");
    await expect(region(voter, "Votes to skip").getByText("Skip votes: 0 / 3")).toBeVisible();
  }

  // The first two votes: the count climbs everywhere, the song keeps playing.
  for (const [index, voter] of voters.slice(0, 2).entries()) {
    await region(voter, "Votes to skip").getByRole("button", { name: "Vote to skip" }).click();
    await expect(region(voter, "Votes to skip").getByText("You voted to skip this song")).toBeVisible();
    await expect(overlay.getByTestId("overlay-skip-votes")).toHaveText(`Skip votes: ${index + 1} / 3`);
  }
  await expect(region(voters[2]!, "Votes to skip").getByText("Skip votes: 2 / 3")).toBeVisible();
  await shoot(voters[0]!, "skip-votes-voted");
  await shoot(voters[2]!, "skip-votes-before-vote");
  await expectAccessible(voters[2]!, "/queue with the skip votes");
  await overlay.screenshot({ path: "test-results/screenshots/skip-votes-overlay-1280.png" });

  // The third vote reaches the threshold: the next song plays, once, and its count starts again.
  await region(voters[2]!, "Votes to skip").getByRole("button", { name: "Vote to skip" }).click();
  await expect(region(host, "Now Playing").getByLabel(/^Copper Sky by/)).toBeVisible();
  await expect(region(host, "Waiting").getByLabel(/^Glass Rivers by/)).toBeVisible();
  await expect(region(host, "Now Playing").getByLabel(/^Harbour Lights by/)).toHaveCount(0);
  await expect(overlay.getByTestId("overlay-now-playing")).toContainText("Copper Sky");
  await expect(overlay.getByTestId("overlay-skip-votes")).toHaveText("Skip votes: 0 / 3");
  for (const voter of voters) {
    await expect(region(voter, "Now Playing").getByText("Copper Sky")).toBeVisible();
    await expect(region(voter, "Votes to skip").getByRole("button", { name: "Vote to skip" })).toBeVisible();
  }
  const active = await hostCall<{ id: string }[]>(host, "GET", "active-queuer/queue/admin");
  expect(active.body.map((entry) => entry.id)).toEqual([ids[1]]);
  await shoot(host, "skip-votes-host-after-skip");
  await asHost(host, "PUT", "set/skipVoteThreshold", { state: "off" });
  await expect(region(voters[0]!, "Votes to skip")).toBeHidden();
});

test("with approval first, a submission waits for the host, who declines it with a reason the submitter reads", async ({ browser }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  await host.goto("/settings");
  const approval = host.getByRole("switch", { name: "Approval first" });
  await expect(approval).not.toBeChecked();
  await approval.click({ force: true });
  await expect(approval).toBeChecked();
  await shoot(host, "skip-votes-settings");
  await expectAccessible(host, "Settings with skip votes and approval first");

  const stamp = Date.now().toString(36);
  const { page: artist, accessToken } = await signedInMember(browser, `artist_${stamp}`, "Nia Artist");
  const sent = await artist.request.post("/api/v1/queuer/", {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { artist_name: "Nia Artist", track_title: "First Demo", youtube_username: `nia${stamp}`, link: `https://soundcloud.com/e2e/demo-${stamp}`, message: "" },
  });
  expect(sent.status()).toBe(201);
  await artist.goto("/queue");
  const card = region(artist, "On Hold").getByLabel(/^First Demo by/);
  await expect(region(artist, "On Hold").getByText("Waiting for the host's approval").first()).toBeVisible();
  await expect(artist.getByRole("region", { name: "Your position" }).or(artist.getByLabel("Your position"))).toContainText("Waiting for the host's approval");
  await shoot(artist, "approval-waiting");

  await host.goto("/access-queue");
  await showQueueCards(host);
  const held = region(host, "On Hold").getByLabel(/^First Demo by/);
  await expect(held.getByText("Awaiting approval")).toBeVisible();
  await expect(held.getByRole("button", { name: "Approve" })).toBeVisible();
  await shoot(host, "approval-host");
  await held.getByRole("button", { name: "Decline" }).click();
  const dialog = host.getByRole("dialog", { name: "Decline this submission?" });
  await dialog.getByRole("button", { name: "Decline" }).click();
  await expect(dialog.getByText("Please give the submitter a reason")).toBeVisible();
  await dialog.getByLabel("Reason for the submitter").fill("Not a fit for tonight's theme");
  await shoot(host, "approval-decline-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Decline" }).click();
  await expect(held).toHaveCount(0);

  await expect(artist.getByText("The host declined your song: Not a fit for tonight's theme").first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await artist.getByRole("button", { name: `Your account (@artist_${stamp})` }).click();
  const account = artist.getByRole("dialog", { name: "Your account" });
  await account.getByRole("tab", { name: "Submission History" }).click();
  await expect(account.getByText("Declined by the host: Not a fit for tonight's theme")).toBeVisible();
  await shoot(artist, "approval-declined-history", { fullPage: false });
  await asHost(host, "PUT", "set/approvalFirst", { state: "false" });
});
