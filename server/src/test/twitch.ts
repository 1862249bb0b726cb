import type { FakeTwitch, FakeTwitchUser } from "./fake-twitch";
import type { HttpClient } from "./http";
import type { TestApp } from "./test-app";

/** Polls `check` until it stops throwing (events cross real sockets); fails with its last error after `ms`. */
export async function eventually<T>(check: () => Promise<T> | T, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** The host's whole connect: the admin asks for Twitch's page, Twitch sends the browser back to the callback. Returns where the callback lands. */
export async function connectTwitch(http: HttpClient, token: string, fake: FakeTwitch, user?: Partial<FakeTwitchUser> & { grantScopes?: string[] }): Promise<URL> {
  const { grantScopes, ...who } = user ?? {};
  fake.nextAuthorize = { user: { ...fake.nextAuthorize.user, ...who }, grantScopes };
  const started = await http.post("/admin/twitch/connect", { token });
  if (started.status !== 200) throw new Error(`connect answered ${started.status}: ${JSON.stringify(started.body)}`);
  const atTwitch = await fetch(started.body.authorize_url, { redirect: "manual" });
  const back = await fetch(atTwitch.headers.get("location")!, { redirect: "manual" });
  return new URL(back.headers.get("location")!);
}

/** A viewer redeems the app's reward: Twitch records it UNFULFILLED and notifies the reader. */
export function redeem(fake: FakeTwitch, rewardId: string, viewer: { id: string; name: string }, input: string, options: { id?: string; messageId?: string } = {}): string {
  const id = options.id ?? `redemption-${Math.random().toString(36).slice(2)}`;
  fake.redemptions.set(id, { rewardId, status: "UNFULFILLED" });
  const reward = fake.rewards.get(rewardId)!;
  fake.eventSub.notify(
    "channel.channel_points_custom_reward_redemption.add",
    {
      id,
      broadcaster_user_id: reward.broadcaster_id,
      broadcaster_user_login: "streamer",
      broadcaster_user_name: "Streamer",
      user_id: viewer.id,
      user_login: viewer.name.toLowerCase(),
      user_name: viewer.name,
      user_input: input,
      status: "unfulfilled",
      reward: { id: rewardId, title: reward.title, cost: reward.cost, prompt: reward.prompt },
      redeemed_at: new Date().toISOString(),
    },
    options.messageId,
  );
  return id;
}

/** A viewer's chat message reaches the reader as Twitch's channel.chat.message (`badges`: set ids such as subscriber). */
export function sayInChat(fake: FakeTwitch, chatter: { id: string; name: string }, text: string, options: { messageId: string; deliveryId?: string; badges?: string[] }): void {
  fake.eventSub.notify(
    "channel.chat.message",
    {
      broadcaster_user_id: "1001",
      broadcaster_user_login: "streamer",
      broadcaster_user_name: "Streamer",
      chatter_user_id: chatter.id,
      chatter_user_login: chatter.name.toLowerCase(),
      chatter_user_name: chatter.name,
      message_id: options.messageId,
      message: { text, fragments: [{ type: "text", text, cheermote: null, emote: null, mention: null }] },
      color: "#00FF7F",
      badges: (options.badges ?? []).map((set_id) => ({ set_id, id: "1", info: "" })),
      message_type: "text",
      cheer: null,
      reply: null,
      channel_points_custom_reward_id: null,
      source_broadcaster_user_id: null,
      source_broadcaster_user_login: null,
      source_broadcaster_user_name: null,
      source_message_id: null,
      source_badges: null,
    },
    options.deliveryId,
  );
}

/** The usernames in Waiting, in order. */
export async function waitingNames(app: TestApp): Promise<string[]> {
  return (await app.deps.services.queue.list("waiting")).entries.map((entry) => entry.username);
}
