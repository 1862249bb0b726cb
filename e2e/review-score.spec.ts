import type { Page } from "@playwright/test";
import { expect, test, DESKTOP, PHONE, SHOTS, clearAndOpenQueue, expectAccessible, shoot, showQueueCards, signedInHost, signedInMember } from "./support";

const nowPlaying = (page: Page) => page.getByRole("region", { name: "Now Playing", exact: true });

/** An admin call made from the host's page with the token the app stored; answers the JSON body. */
const callAsHost = <T>(host: Page, method: "GET" | "POST", path: string, body?: unknown) =>
  host.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = { authorization: `Bearer ${localStorage.getItem("admin_access_token")}` };
      if (body !== undefined) headers["content-type"] = "application/json";
      const response = await fetch(`/api/v1/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;

test("the host scores the song playing with a line, and the artist reads it in their history", async ({ browser }) => {
  // Two members' worth of pages and two accessibility checks at two widths each.
  test.setTimeout(180_000);
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  const live = (await callAsHost<{ session_id?: string }[]>(host, "GET", "analytics/sessions")).find((session) => (session as { is_live?: boolean }).is_live);
  if (live) await callAsHost(host, "POST", `analytics/sessions/end/${live.session_id}`);
  await callAsHost(host, "POST", "analytics/sessions/start", { name: "Review night" });
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
  // Past 10 the form says so and will not save.
  await expect(host.getByText("Score must be a whole number from 1 to 10")).toBeVisible();
  await expect(host.getByRole("button", { name: "Save score" })).toBeDisabled();
  await score.fill("9");
  await host.getByLabel("A line for the artist").fill("Lovely build into the last chorus; the vocal could sit higher.");
  // The form floats beside its button, so each width is shot with the button in view.
  for (const [label, size] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await host.setViewportSize(size);
    await card.getByRole("button", { name: "Score: Lanterns Over Water" }).scrollIntoViewIfNeeded();
    await host.screenshot({ path: `${SHOTS}/review-score-form-${label}.png`, animations: "disabled" });
  }
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

  // Played, the song can still be scored again from the played list; the session counts the score.
  await host.getByRole("button", { name: /Play next/ }).click();
  await expect(host.getByTestId("now-playing-song")).toHaveText("Nothing is playing");
  await expect
    .poll(async () => (await callAsHost<{ is_live: boolean; submissions_count: number }[]>(host, "GET", "analytics/sessions")).find((s) => s.is_live)?.submissions_count)
    .toBe(1);
  await host.goto("/submission-played");
  const played = host.getByRole("listitem", { name: "Lanterns Over Water by Nora Vale" });
  await played.getByRole("button", { name: "Score: Lanterns Over Water" }).click();
  await expect(host.getByLabel("Score for Lanterns Over Water")).toHaveValue("9");
  await host.getByLabel("Score for Lanterns Over Water").fill("10");
  await host.getByRole("button", { name: "Save score" }).click();
  await expect(played.getByRole("button", { name: "Score 10/10: Lanterns Over Water" })).toBeVisible();
  await shoot(host, "review-score-played-list");

  await host.goto("/analytics?tab=sessions");
  await host.getByRole("button", { name: "Details of Review night" }).first().click();
  const scores = host.getByRole("region", { name: "Session Review night" }).getByRole("region", { name: "Scores" });
  await expect(scores).toContainText("Average 10.0/10");
  await expect(scores.getByRole("list", { name: "Top songs by score" })).toContainText("10/10Lanterns Over Water by Nora Vale");
  await shoot(host, "review-score-session");
  await expectAccessible(host, "a session's scores");

  // The artist sees the score and the line in their submission history.
  await artist.getByRole("button", { name: `Your account (@${username})` }).click();
  const account = artist.getByRole("dialog", { name: "Your account" });
  await account.getByRole("tab", { name: "Submission History" }).click();
  const row = account.getByRole("listitem", { name: "Lanterns Over Water by Nora Vale" });
  await expect(row.getByLabel("The host's score: 10 out of 10")).toBeVisible();
  await expect(row).toContainText("The host: “Lovely build into the last chorus; the vocal could sit higher.”");
  await shoot(artist, "review-score-artist-history", { fullPage: false });
  await expectAccessible(artist, "the artist's history with a score");
});
