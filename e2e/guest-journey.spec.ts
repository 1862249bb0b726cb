import { expect, test, PHONE, shoot, signedInHost, clearAndOpenQueue, showQueueCards } from "./support";

test("a guest joins from Home, follows the place live while the host plays the song", async ({ browser }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);

  const guest = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  await guest.goto("/");
  const help = guest.getByRole("dialog", { name: "How Does It Work" });
  await expect(help).toBeVisible();
  await guest.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await expect(guest.getByText("Queue Open", { exact: true }).first()).toBeVisible();
  await shoot(guest, "home");

  await guest.getByRole("button", { name: "Join Queue" }).click();
  const join = guest.getByRole("dialog", { name: "Join the queue" });
  await join.getByRole("button", { name: "Join Queue" }).click();
  const form = guest.getByRole("dialog", { name: "Submit your song" });
  await form.getByRole("button", { name: "Join" }).click();
  await expect(form.getByText("Artist name and track title are required")).toBeVisible();
  await form.getByLabel("Artist name").fill("  Lena Marr ");
  await form.getByLabel("Track title").fill("Harbour Lights");
  await form.getByLabel("Channel username").fill("LenaMarrMusic");
  await form.getByLabel("Song link").fill("https://www.youtube.com/watch?v=harbour0001");
  await form.getByLabel("Note").fill("First time here!");
  await form.getByRole("button", { name: "Join" }).click();
  await guest.getByRole("button", { name: "Continue as Guest" }).click();

  await expect(guest).toHaveURL(/\/queue$/);
  const position = guest.getByLabel("Your position");
  await expect(position).toContainText("#1");
  await expect(position).toContainText("of 1 waiting");
  const waiting = guest.getByRole("region", { name: "Waiting", exact: true });
  await expect(waiting.getByLabel("Harbour Lights by Lena Marr")).toBeVisible();
  await expect(guest.getByRole("button", { name: "Leave Queue" })).toBeVisible();
  await shoot(guest, "queue");

  // The host moves it to Now Playing: the guest's page follows without a reload.
  await host.goto("/access-queue");
  await expect(host.getByText("Live: connected")).toBeVisible();
  await showQueueCards(host);
  const hostCard = host.getByRole("region", { name: "Waiting", exact: true }).getByLabel(/^Harbour Lights by/);
  await hostCard.getByRole("button", { name: "Move to Now Playing" }).click();
  const playingCard = host.getByRole("region", { name: "Now Playing", exact: true }).getByLabel(/^Harbour Lights by/);
  await expect(playingCard).toBeVisible();
  await shoot(host, "access-queue");

  await expect(position).toContainText("You're Now Playing!");
  await expect(guest.getByRole("region", { name: "Now Playing", exact: true }).getByLabel("Harbour Lights by Lena Marr")).toBeVisible();

  await playingCard.getByRole("button", { name: "Remove" }).click();
  const removal = host.getByRole("dialog", { name: "Remove from the queue?" });
  await expect(removal.getByLabel("Mark as played")).toBeChecked();
  await removal.getByRole("button", { name: "Remove" }).click();

  await expect(guest.getByRole("region", { name: "Now Playing", exact: true }).getByLabel("Harbour Lights by Lena Marr")).toBeHidden();
  await expect(position).toBeHidden();
});

test("a visitor joins from the queue page itself, and then sees their place instead of Join Queue", async ({ browser }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);

  const visitor = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  await visitor.goto("/queue");
  await expect(visitor.getByText("Nobody is waiting. Be the first!")).toBeVisible();
  await visitor.getByRole("button", { name: "Join Queue" }).click();
  const join = visitor.getByRole("dialog", { name: "Join the queue" });
  await join.getByRole("button", { name: "Join Queue" }).click();
  const form = visitor.getByRole("dialog", { name: "Submit your song" });
  await form.getByLabel("Artist name").fill("Ada Voss");
  await form.getByLabel("Track title").fill("Glass Harbour");
  await form.getByLabel("Song link").fill("https://www.youtube.com/watch?v=glassharbr1");
  await form.getByRole("button", { name: "Join" }).click();
  await visitor.getByRole("button", { name: "Continue as Guest" }).click();

  await expect(visitor).toHaveURL(/\/queue$/);
  await expect(visitor.getByLabel("Your position")).toContainText("#1");
  await expect(visitor.getByRole("region", { name: "Waiting", exact: true }).getByLabel("Glass Harbour by Ada Voss")).toBeVisible();
  await expect(visitor.getByRole("button", { name: "Join Queue" })).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: "Jump to position" })).toBeVisible();
  await shoot(visitor, "queue-joined");
  await visitor.context().close();
  await host.context().close();
});
