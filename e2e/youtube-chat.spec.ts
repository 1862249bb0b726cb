import { YOUTUBE_CHAT_MESSAGES } from "../common/src/youtube-chat";
import { expect, test, DESKTOP, expectAccessible, shoot, signedInHost } from "./support";

// The journeys' server has no Google app and a (fake) Twitch app: YouTube's card says why it cannot
// connect, Twitch's offers its buttons. Twitch without an app is covered by twitch-connection.test.tsx.
test("on a server without Google's app, the YouTube chat connection says why and offers no button that cannot work; Twitch's sign-in is offered", async ({ browser }) => {
  const host = await signedInHost(browser);
  await host.goto("/admin/chat-commands");
  await expect(host.getByRole("heading", { name: "YouTube live chat" })).toBeVisible();
  await expect(host.getByLabel("YouTube chat connection state")).toHaveText("Not configured");
  await expect(host.getByText(YOUTUBE_CHAT_MESSAGES.notConfigured)).toBeVisible();
  await expect(host.getByRole("button", { name: /Connect YouTube/ })).toHaveCount(0);
  await expect(host.getByRole("button", { name: /Connect Twitch|Connect again/ })).toBeVisible();
  await shoot(host, "chat-connections-not-configured");
  await expectAccessible(host, "/admin/chat-commands without Google");

  // A viewer's sign-in offers Twitch, whose app is configured.
  const viewer = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await viewer.goto("/");
  await expect(viewer.getByRole("dialog", { name: "How Does It Work" })).toBeVisible();
  await viewer.keyboard.press("Escape");
  await viewer.getByRole("button", { name: "Sign in" }).click();
  const signIn = viewer.getByRole("dialog", { name: "Welcome back" });
  await expect(signIn.getByLabel("Username or email")).toBeVisible();
  await expect(signIn.getByRole("button", { name: "Sign in with Twitch" })).toBeVisible();
});
