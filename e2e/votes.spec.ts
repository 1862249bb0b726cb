import { expect, test, DESKTOP, clearAndOpenQueue, hostCall, expectAccessible, shoot, signedInHost, signedInMember } from "./support";

const SONGS = [
  { artist_name: "Luma Tide", track_title: "Harbour Lights", youtube_username: "lumatide" },
  { artist_name: "Ferro & Finch", track_title: "Copper Sky", youtube_username: "ferrofinch" },
];

test("a member votes for a song the host played in the live session and sees the count and their votes left", async ({ browser, request }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  // One session is live at a time: end whatever another journey left live, then start tonight's.
  const sessions = await hostCall<{ session_id: string; is_live: boolean }[]>(host, "GET", "analytics/sessions");
  for (const live of sessions.body.filter((session) => session.is_live)) await hostCall(host, "POST", `analytics/sessions/end/${live.session_id}`);
  const started = await hostCall<{ session_id: string }>(host, "POST", "analytics/sessions/start", { name: "Votes night" });
  expect(started.status).toBe(201);

  // A guest keeps /queue open: the votes arrive there live.
  const guest = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await guest.goto("/queue");
  const guestHelp = guest.getByRole("dialog", { name: "How Does It Work" });
  if (await guestHelp.isVisible().catch(() => false)) await guest.keyboard.press("Escape");
  const guestSection = guest.getByRole("region", { name: "Played This Session" });
  await expect(guestSection.getByText("No songs played yet in this session.")).toBeVisible();

  // Two songs join and the host plays both.
  for (const [index, song] of SONGS.entries()) {
    const response = await request.post("/api/v1/queuer/", { data: { ...song, link: `https://soundcloud.com/e2e/votes-${index}-${Date.now()}`, message: "" } });
    expect(response.status()).toBe(201);
    const id = ((await response.json()) as { queuer: { id: string } }).queuer.id;
    expect((await hostCall(host, "GET", `move/${id}`)).status).toBe(200);
    expect((await hostCall(host, "DELETE", `active-queuer/${id}?is_played=true`)).status).toBe(200);
  }
  await expect(guestSection.getByRole("listitem")).toHaveCount(2);
  await expect(guestSection.getByText("Sign in to vote for your favourites.")).toBeVisible();
  await expect(guestSection.getByRole("button", { name: /^Vote for/ })).toHaveCount(0);

  const member = (await signedInMember(browser, `voter_${Date.now().toString(36)}`, "Rhea Voter")).page;
  await member.goto("/queue");
  const section = member.getByRole("region", { name: "Played This Session" });
  await expect(section.getByText("Vote for your favourites: 3 of 3 votes left")).toBeVisible();
  const row = section.getByRole("listitem", { name: "Copper Sky by Ferro & Finch" });
  await expect(row.getByText("0 votes")).toBeVisible();
  await row.getByRole("button", { name: "Vote for Copper Sky" }).click();

  await expect(row.getByText("1 vote", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Voted for Copper Sky: take back your vote" })).toHaveAttribute("aria-pressed", "true");
  await expect(section.getByText("Vote for your favourites: 2 of 3 votes left")).toBeVisible();
  await expect(guestSection.getByRole("listitem", { name: "Copper Sky by Ferro & Finch" }).getByText("1 vote", { exact: true })).toBeVisible();

  await shoot(member, "queue-votes");
  await expectAccessible(member, "/queue with the session's votes");

  // Once the host ends the session the section leaves /queue.
  expect((await hostCall(host, "POST", `analytics/sessions/end/${started.body.session_id}`)).status).toBe(200);
  await expect(guestSection).toBeHidden();
  await expect(section).toBeHidden();
});
