import { expect, test, asHost, clearAndOpenQueue, closeToasts, expectAccessible, shoot, signedInHost, signedInMember } from "./support";

test("the host grants VIP Fast Passes and the member spends one to go first in line", async ({ browser }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  for (const [index, [artist, title]] of [
    ["Lena Marr", "Harbour Lights"],
    ["The Quiet Ones", "Paper Boats"],
  ].entries()) {
    const joined = await host.request.post("/api/v1/queuer/", { data: { artist_name: artist, track_title: title, link: `https://example.com/regular-${index}-${Date.now()}` } });
    expect(joined.status()).toBe(201);
  }
  const username = `vera_${Date.now().toString(36)}`;
  const member = (await signedInMember(browser, username, "Vera Lumen")).page;

  // The host finds the member in the Fast Pass Manager and grants 2 VIP and 1 Premium.
  await host
    .getByRole("main")
    .getByRole("link", { name: /Grant Fast Passes/ })
    .click();
  await expect(host).toHaveURL(/\/admin\/fastpass$/);
  await expect(host.getByRole("heading", { name: "Grant Fast Passes" })).toBeVisible();
  await expect(host.getByText("Most recently active users")).toBeVisible();
  await host.getByLabel("Search users").fill(`  ${username} `);
  await expect(host.getByText(`Users matching "${username}"`)).toBeVisible();
  await host.getByRole("combobox", { name: "Tier" }).click();
  await host.getByRole("option", { name: "2 · VIP" }).click();
  await host.getByLabel("Count").fill("2");
  // The host sees what the member already holds before granting more, and the balance follows each grant.
  await expect(host.getByTestId("fast-pass-balance")).toHaveText("No Fast Passes");
  await host.getByRole("button", { name: `Grant 2 × VIP to @${username}` }).click();
  await expect(host.getByText(`Granted 2 VIP Fast Passes to @${username}`)).toBeVisible();
  await host.getByRole("combobox", { name: "Tier" }).click();
  await host.getByRole("option", { name: "1 · Premium" }).click();
  await host.getByLabel("Count").fill("1");
  await host.getByRole("button", { name: `Grant 1 × Premium to @${username}` }).click();
  await expect(host.getByText(`Granted 1 Premium Fast Pass to @${username}`)).toBeVisible();
  await expect(host.getByTestId("fast-pass-balance")).toHaveText("Fast Passes: 1 Premium · 2 VIP");
  // The count field keeps to 1-100.
  await host.getByLabel("Count").fill("500");
  await host.getByLabel("Count").blur();
  await expect(host.getByLabel("Count")).toHaveValue("100");
  await host.getByLabel("Count").fill("1");
  await host.getByLabel("Search users").fill("");
  await expect(host.getByText("Most recently active users")).toBeVisible();
  await closeToasts(host);
  await shoot(host, "fastpass-manager");
  await expectAccessible(host, "the Fast Pass Manager");

  // The member's account shows the new balance.
  await member.getByRole("button", { name: `Your account (@${username})` }).click();
  const account = member.getByRole("dialog", { name: "Your account" });
  await expect(account.getByRole("group", { name: "Fast Pass balance" })).toContainText("2 × VIP");
  await expect(account.getByRole("group", { name: "Fast Pass balance" })).toContainText("1 × Premium");
  await member.keyboard.press("Escape");

  // Holding two tiers, the member must choose one.
  await member.getByRole("button", { name: "Join Queue" }).click();
  await member.getByRole("dialog", { name: "Join the queue" }).getByRole("button", { name: "Join Queue" }).click();
  const form = member.getByRole("dialog", { name: "Submit your song" });
  await form.getByLabel("Artist name").fill("Vera Lumen");
  await form.getByLabel("Track title").fill("Glass Harbour");
  await form.getByLabel("Song link").fill("https://www.youtube.com/watch?v=glassharb01");
  await form.getByRole("checkbox", { name: "Use a Fast Pass" }).check();
  await form.getByRole("button", { name: "Join" }).click();
  await expect(form.getByRole("alert")).toHaveText("Choose a Fast Pass tier");
  await shoot(member, "fastpass-tier-chooser", { fullPage: false });
  await expectAccessible(member, "the tier chooser");
  await form.getByRole("radio", { name: "VIP (2 left)" }).check();
  await form.getByRole("button", { name: "Join" }).click();

  // First in line, ahead of the earlier regular entries, marked as a Fast Pass.
  await expect(member).toHaveURL(/\/queue$/);
  await expect(member.getByLabel("Your position")).toContainText("#1");
  const first = member.getByRole("region", { name: "Waiting", exact: true }).locator("[data-place='waiting']").first();
  await expect(first).toContainText("Glass Harbour");
  await expect(first).toContainText(/VIP · Fast Pass/i);

  await member.getByRole("banner").getByRole("link", { name: "LiveQueue" }).click();
  await member.getByRole("button", { name: `Your account (@${username})` }).click();
  await expect(member.getByRole("group", { name: "Fast Pass balance" })).toContainText("1 × VIP");
  await shoot(member, "fastpass-account-balance", { fullPage: false });
  await member.keyboard.press("Escape");

  // On /live a signed-in member is told how watching earns Fast Passes.
  await asHost(host, "PUT", "set/youtubeStreamLink", { state: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
  await member.goto("/live");
  await expect(member.getByText(/Press play to earn watch time/)).toBeVisible();
  await shoot(member, "fastpass-live-watch-time");
  await asHost(host, "DELETE", "set/youtubeStreamLink");

  // Manage Queue shows the tier and how it was paid.
  await host.goto("/access-queue");
  await expect(host.getByText(/VIP · Fast Pass/i).first()).toBeVisible();
});
