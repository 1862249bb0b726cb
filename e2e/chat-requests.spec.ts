import { expect, test, asHost, clearAndOpenQueue, expectAccessible, shoot, signedInHost } from "./support";

/** What Nightbot's $(urlfetch) sends about the viewer who typed the command. */
const nightbotUser = (id: string, displayName: string, userLevel: string) =>
  new URLSearchParams({ name: displayName.toLowerCase(), displayName, provider: "twitch", providerId: id, userLevel }).toString();

test("the host lets subscribers request from chat, pastes Nightbot's !sr, and a viewer's request and !wrongsong reach the queue", async ({ browser }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);

  await host.goto("/admin/chat-commands");
  await host.getByRole("button", { name: /Create secret|Rotate secret/ }).click();
  await expect(host.getByRole("button", { name: "Rotate secret" })).toBeVisible();
  await host.getByRole("combobox", { name: "Who may request" }).click();
  await host.getByRole("option", { name: "Subscribers and members and up" }).click();
  await host.getByRole("button", { name: "Save who may request" }).click();
  await expect(host.getByText("Chat request roles saved.")).toBeVisible();

  const command = host.locator("pre, code").filter({ hasText: "!addcom !sr $(urlfetch " }).first();
  await expect(command).toBeVisible();
  const srUrl = /\$\(urlfetch (\S+)\?q=\$\(querystring\)\)/.exec((await command.textContent()) ?? "")![1]!;
  expect(srUrl).toMatch(/\/api\/v1\/chat\/[\w-]+\/sr$/);
  await shoot(host, "chat-requests-setup");
  await expectAccessible(host, "/admin/chat-commands");

  // Nightbot calling the URL for two viewers: one without a subscription, then a subscriber.
  const bot = async (url: string, viewer: string) => (await host.request.get(url, { headers: { "Nightbot-User": viewer } })).text();
  const link = encodeURIComponent("https://youtu.be/dQw4w9WgXcQ");
  expect(await bot(`${srUrl}?q=${link}`, nightbotUser("41", "Passerby", "everyone"))).toBe("@Passerby: only subscribers and members, vips, moderators can request songs here.");
  expect(await bot(`${srUrl}?q=${link}`, nightbotUser("42", "ChatFan", "subscriber"))).toMatch(/^@ChatFan: queued your song at #1, about \d+ min to wait\.$/);

  await host.goto("/queue");
  await expect(host.getByText("@ChatFan").first()).toBeVisible();
  await shoot(host, "chat-request-in-queue");

  // Renamed since, still the same viewer: their !wrongsong takes the song out.
  expect(await bot(srUrl.replace(/\/sr$/, "/wrongsong"), nightbotUser("42", "ChatFanRenamed", "subscriber"))).toBe('@ChatFanRenamed: took "Empty!" out of the queue.');
  await host.reload();
  await expect(host.getByText("@ChatFan")).toHaveCount(0);
  await asHost(host, "PUT", "set/chatRequestMinimumRole", { state: "everyone" });
});
