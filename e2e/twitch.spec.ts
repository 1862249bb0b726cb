import type { APIRequestContext } from "@playwright/test";
import { expect, test, clearAndOpenQueue, expectAccessible, shoot, signedInHost } from "./support";

/** What the fake Twitch holds (e2e/fake-twitch.setup.ts). */
interface TwitchState {
  rewards: { id: string; title: string; cost: number }[];
  redemptions: Record<string, { rewardId: string; status: string }>;
  chatMessages: { message: string }[];
  subscriptions: string[];
}

const control = `http://127.0.0.1:${process.env.E2E_TWITCH_CONTROL_PORT}`;
const twitchState = async (request: APIRequestContext) => (await (await request.get(`${control}/state`)).json()) as TwitchState;

test("the host connects Twitch, creates the channel-point reward, a viewer's redemption joins the queue under their name, and playing it fulfils it", async ({
  browser,
  request,
}) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);

  // Connecting sends the browser to Twitch's consent page and back; the fake approves as the streamer.
  await host.goto("/admin/chat-commands");
  const state = host.getByLabel("Twitch connection state");
  await expect(state).toHaveText(/Not connected|Connected|Stopped/);
  await host.getByRole("button", { name: /Connect Twitch|Connect again/ }).click();
  await expect(host).toHaveURL(/\/admin\/chat-commands\?twitch=connected/);
  await expect(state).toHaveText("Connected");
  await expect(host.getByText("Channel:")).toContainText("streamer");

  await host.getByLabel("Request a song (points)").fill("300");
  await host.getByRole("button", { name: "Create rewards" }).click();
  await expect(host.getByText("The rewards are on your channel.")).toBeVisible();
  await expect(host.getByText("The Request a song reward is on your channel")).toBeVisible();
  expect((await twitchState(request)).rewards.map((reward) => reward.cost)).toContain(300);
  await expect.poll(async () => (await twitchState(request)).subscriptions).toContain("channel.channel_points_custom_reward_redemption.add");
  await shoot(host, "twitch-connected");
  await expectAccessible(host, "/admin/chat-commands with Twitch connected");

  // A viewer redeems "Request a song" with a link: it waits in the queue under their Twitch name.
  const redeemed = await request.post(`${control}/redeem`, {
    data: { viewer: { id: "70070", name: "RaidViewer" }, input: "https://www.youtube.com/watch?v=raidsong001" },
  });
  expect(redeemed.ok()).toBe(true);
  const { id } = (await redeemed.json()) as { id: string };
  await host.goto("/access-queue");
  const waiting = host.getByRole("region", { name: "Waiting", exact: true });
  await expect(waiting.getByText("RaidViewer")).toBeVisible();
  expect((await twitchState(request)).redemptions[id]?.status).toBe("UNFULFILLED");

  // Play next brings it up, and the next press marks it played: then Twitch records the redemption
  // FULFILLED (through the outbox, within moments).
  const playNext = host.getByRole("button", { name: /Play next/ });
  const nowPlaying = host.getByTestId("now-playing-song");
  await playNext.click();
  await expect(nowPlaying).not.toHaveText("Nothing is playing");
  await shoot(host, "twitch-redemption-playing");
  expect((await twitchState(request)).redemptions[id]?.status).toBe("UNFULFILLED");
  await playNext.click();
  await expect(nowPlaying).toHaveText("Nothing is playing");
  await expect.poll(async () => (await twitchState(request)).redemptions[id]?.status).toBe("FULFILLED");
});
