import { expect, test, type Page } from "@playwright/test";
import { clearAndOpenQueue, expectAccessible, shoot, showQueueCards, signedInHost, signedInMember } from "./support";

const nowPlaying = (page: Page) => page.getByRole("region", { name: "Now Playing", exact: true });

test("the host scores the song playing with a line, and the artist reads it in their history", async ({ browser }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  const username = `artist_${Date.now().toString(36)}`;
  const { page: artist, accessToken } = await signedInMember(browser, username, "Nora Vale");
  const joined = await artist.request.post("/api/v1/queuer/", {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { artist_name: "Nora Vale", track_title: "Lanterns Over Water", link: `https://example.com/lanterns-${Date.now()}` },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  // The host plays the song and scores it from its Now Playing card.
  await host.goto("/access-queue");
  await showQueueCards(host);
  await host
    .getByRole("region", { name: "Waiting", exact: true })
    .getByLabel(/^Lanterns Over Water by/)
    .getByRole("button", { name: "Move to Now Playing" })
    .click();
  const card = nowPlaying(host).getByLabel(/^Lanterns Over Water by/);
  await card.getByRole("button", { name: "Score: Lanterns Over Water" }).click();
  const score = host.getByLabel("Score for Lanterns Over Water");
  await score.fill("11");
  await expect(host.getByText("Score must be a whole number from 1 to 10")).toBeVisible();
  await expect(host.getByRole("button", { name: "Save score" })).toBeDisabled();
  await score.fill("9");
  await host.getByLabel("A line for the artist").fill("Lovely build into the last chorus; the vocal could sit higher.");
  await shoot(host, "review-score-form", { fullPage: false });
  await expectAccessible(host, "the score form");
  await host.getByRole("button", { name: "Save score" }).click();
  await expect(host.getByText("Score saved")).toBeVisible();
  await expect(card.getByRole("button", { name: "Score 9/10: Lanterns Over Water" })).toBeVisible();

  // Scores stay editable: opened again, the form holds what was saved.
  await card.getByRole("button", { name: "Score 9/10: Lanterns Over Water" }).click();
  await expect(host.getByLabel("Score for Lanterns Over Water")).toHaveValue("9");
  await expect(host.getByLabel("A line for the artist")).toHaveValue("Lovely build into the last chorus; the vocal could sit higher.");
  await host.keyboard.press("Escape");
  await shoot(host, "review-score-now-playing");

  // The artist sees the score and the line in their submission history.
  await artist.getByRole("button", { name: `Your account (@${username})` }).click();
  const account = artist.getByRole("dialog", { name: "Your account" });
  await account.getByRole("tab", { name: "Submission History" }).click();
  const row = account.getByRole("listitem", { name: "Lanterns Over Water by Nora Vale" });
  await expect(row.getByLabel("The host's score: 9 out of 10")).toBeVisible();
  await expect(row).toContainText("The host: “Lovely build into the last chorus; the vocal could sit higher.”");
  await shoot(artist, "review-score-artist-history", { fullPage: false });
  await expectAccessible(artist, "the artist's history with a score");
});
