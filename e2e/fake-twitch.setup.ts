import http from "node:http";
import { startFakeTwitch } from "../server/src/test/fake-twitch";
import { redeem } from "../server/src/test/twitch";

/** The app's Twitch settings in playwright.config.ts name these, since the server starts before this setup runs. */
export const E2E_TWITCH_CLIENT = { clientId: "e2e-twitch-client", clientSecret: "e2e-twitch-secret-0123456789" };

/**
 * Twitch for the journeys (OAuth, Helix, EventSub over WebSocket) on E2E_TWITCH_PORT, and beside it on
 * E2E_TWITCH_CONTROL_PORT what a journey in another process does as a viewer or asks of Twitch:
 * POST /redeem {viewer: {id, name}, input} redeems the "Request a song" reward; GET /state answers the
 * rewards, redemption statuses and chat lines Twitch holds.
 */
export default async function startTwitch(): Promise<() => Promise<void>> {
  const twitch = await startFakeTwitch({ port: Number(process.env.E2E_TWITCH_PORT), ...E2E_TWITCH_CLIENT });
  const control = http.createServer(async (request, response) => {
    const send = (status: number, body: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (request.method === "GET" && request.url === "/state") {
      return send(200, {
        rewards: [...twitch.rewards.values()],
        redemptions: Object.fromEntries(twitch.redemptions),
        chatMessages: twitch.chatMessages,
        subscriptions: [...twitch.eventSub.subscriptions.values()].map((sub) => sub.type),
      });
    }
    if (request.method === "POST" && request.url === "/redeem") {
      let text = "";
      for await (const chunk of request) text += chunk;
      const { viewer, input } = JSON.parse(text) as { viewer: { id: string; name: string }; input: string };
      const reward = [...twitch.rewards.values()].find((each) => each.is_user_input_required);
      if (!reward) return send(409, { message: "no Request a song reward on the channel yet" });
      return send(200, { id: redeem(twitch, reward.id, viewer, input) });
    }
    send(404, { message: "not found" });
  });
  await new Promise<void>((resolve) => control.listen(Number(process.env.E2E_TWITCH_CONTROL_PORT), "127.0.0.1", resolve));
  return async () => {
    control.closeAllConnections();
    await new Promise((resolve) => control.close(resolve));
    await twitch.close();
  };
}
