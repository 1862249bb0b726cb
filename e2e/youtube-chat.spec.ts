import { expect, test } from "@playwright/test";
import { YOUTUBE_CHAT_MESSAGES } from "../common/src/youtube-chat";
import { TWITCH_MESSAGES } from "../common/src/twitch";
import { DESKTOP, expectAccessible, shoot, signedInHost } from "./support";

test("on a server without Google's or Twitch's app, the chat connections say why and offer no button that cannot work", async ({ browser }) => {
  const host = await signedInHost(browser);
  await host.goto("/admin/chat-commands");
  await expect(host.getByRole("heading", { name: "YouTube live chat" })).toBeVisible({ timeout: 15_000 });
  await expect(host.getByLabel("YouTube chat connection state")).toHaveText("Not configured");
  await expect(host.getByText(YOUTUBE_CHAT_MESSAGES.notConfigured)).toBeVisible();
  await expect(host.getByText(TWITCH_MESSAGES.notConfigured)).toBeVisible();
  await expect(host.getByText(/viewers are not offered Sign in with Twitch/)).toBeVisible();
  await expect(host.getByRole("button", { name: /Connect (YouTube|Twitch)/ })).toHaveCount(0);
  await shoot(host, "chat-connections-not-configured");
  await expectAccessible(host, "/admin/chat-commands without Google or Twitch");

  // A viewer's sign-in offers Google and no Twitch.
  const viewer = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await viewer.goto("/");
  await expect(viewer.getByRole("dialog", { name: "How Does It Work" })).toBeVisible();
  await viewer.keyboard.press("Escape");
  await viewer.getByRole("button", { name: "Sign in" }).click();
  const signIn = viewer.getByRole("dialog", { name: "Welcome back" });
  await expect(signIn.getByLabel("Username or email")).toBeVisible();
  await expect(signIn.getByRole("button", { name: "Sign in with Twitch" })).toHaveCount(0);
});
