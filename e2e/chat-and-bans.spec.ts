import { expect, test, clearAndOpenQueue, expectAccessible, shoot, signedInHost } from "./support";

const SONG = "https://youtu.be/dQw4w9WgXcQ?si=e2e";

test("the host rotates the chat secret, a bot reads !song as plain text, and a banned link is refused to a guest", async ({ browser }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);

  await host.goto("/admin/chat-commands");
  await expect(host.getByRole("heading", { name: "Chat Commands", level: 1 })).toBeVisible();
  const make = host.getByRole("button", { name: /Create secret|Rotate secret/ });
  await make.click();
  await expect(host.getByRole("button", { name: "Rotate secret" })).toBeVisible();
  await host.getByText("StreamElements", { exact: true }).click();
  const command = host.locator("pre, code").filter({ hasText: "!command add !song ${customapi." }).first();
  await expect(command).toBeVisible();
  const url = /\$\{customapi\.(\S+)\}/.exec((await command.textContent()) ?? "")![1]!;
  expect(url).toMatch(/\/api\/v1\/chat\/[\w-]+\/song$/);
  await shoot(host, "chat-commands");
  await expectAccessible(host, "/admin/chat-commands");

  const song = await host.request.get(url);
  expect(song.status()).toBe(200);
  expect(song.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await song.text()).toBe("Nothing is playing right now.");

  await host.goto("/admin/bans");
  await host.getByRole("combobox", { name: "Ban" }).click();
  await host.getByRole("option", { name: "Link" }).click();
  await host.getByRole("textbox", { name: "Link" }).fill(SONG);
  await host.getByRole("textbox", { name: "Reason" }).fill("Not on this stream");
  await host.getByRole("button", { name: "Ban", exact: true }).click();
  await expect(host.getByText("youtube:dQw4w9WgXcQ")).toBeVisible();
  await shoot(host, "bans");
  await expectAccessible(host, "/admin/bans");

  const guest = await browser.newContext();
  const refused = await guest.request.post("/api/v1/queuer/", {
    data: { artist_name: "Rick", track_title: "Never", youtube_username: "guest1", link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42" },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ detail: "This song can't be submitted: the host has banned this link." });

  await host.getByRole("button", { name: "Lift the ban on youtube:dQw4w9WgXcQ" }).click();
  await expect(host.getByText("Nobody and no song is banned.")).toBeVisible();
  const accepted = await guest.request.post("/api/v1/queuer/", {
    data: { artist_name: "Rick", track_title: "Never", youtube_username: "guest1", link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42" },
  });
  expect(accepted.status()).toBe(201);
  await guest.close();
});
