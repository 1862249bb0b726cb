/**
 * (4) The same burst as channel-point redemptions. The fake Twitch of the server's tests
 * (server/src/test/fake-twitch.ts) runs in this process; the server, started with its TWITCH_* settings,
 * is connected through the fake's OAuth pages as a host connects it, creates the "Request a song"
 * reward, and reads the channel over the fake's EventSub socket with the reader it starts at boot. With
 * 100 viewers following the Waiting list, the fake sends 2,000 redemptions of the reward from as many
 * viewers, each with a YouTube link of its own, as fast as its socket sends them.
 *
 * Nothing answers a redemption, so one is accepted once it is in the queue people see: the rate is
 * 2,000 over the time from the first notification sent until the first viewer holds a Waiting list with
 * all of them. Then the checks of the other sources (each stored once, every viewer current, peak RSS),
 * and how many redemptions the server asked Twitch to cancel (the points refunded): none in a clean
 * burst. The load generator's cores include the fake Twitch's. As from the web and chat, two bursts on
 * one server, the host clearing Waiting between them: the second is the figure, the first beside it.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Entry } from "@common/queue";
import { startFakeTwitch } from "../../server/src/test/fake-twitch";
import { redeem } from "../../server/src/test/twitch";
import type { ListViewer } from "../list-viewer";
import { watchRss } from "../proc-stats";
import { BURST } from "../settings";
import { afterBurst, clearWaiting, refetchesOf, followWaiting, requestOfLink, videoId, videoMarker, watchBurstCores, withBurstServer, type BurstDatabase } from "./burst";

const REDEMPTION_ADD = "channel.channel_points_custom_reward_redemption.add";
/** About twice as long as the whole burst takes on this machine: past it, the row says how many made it into the queue. */
export const QUEUED_WITHIN_MS = 120_000;
/** The server settles redemptions through its outbox, which runs every second. */
const OUTBOX_SETTLED_MS = 2_000;

/** The server's reader subscribes once the connect's callback has it look at the channel again. */
async function untilListening(listening: () => boolean): Promise<void> {
  for (const end = performance.now() + 10_000; !listening(); await sleep(50)) {
    if (performance.now() > end) throw new Error("the server did not subscribe to the channel's redemptions within 10 s");
  }
}

/** Requests `first` to `first + BURST.submissions - 1` that `entries` hold. */
function burstRequestsIn(entries: readonly Entry[], first: number): number {
  const markers = new Set(entries.map((entry) => requestOfLink(entry.link)));
  let held = 0;
  for (let n = first; n < first + BURST.submissions; n += 1) if (markers.has(videoMarker(n))) held += 1;
  return held;
}

/**
 * When the first viewer held a Waiting list with every request of the burst (performance.now()), or
 * null if none did within QUEUED_WITHIN_MS. Watching starts before the first notification is sent.
 */
function firstHoldingAll(viewers: ListViewer[], first: number): Promise<number | null> {
  const holdingAll = async (viewer: ListViewer) => {
    for (;;) {
      const at = await viewer.nextList();
      const entries = viewer.list();
      if (entries.length >= BURST.submissions && burstRequestsIn(entries, first) === BURST.submissions) return at;
    }
  };
  const timeout = new Promise<null>((resolve) => setTimeout(resolve, QUEUED_WITHIN_MS, null).unref());
  return Promise.race([...viewers.map(holdingAll), timeout]);
}

export async function redemptionBurst(port: number, database: BurstDatabase) {
  const fake = await startFakeTwitch();
  try {
    return await withBurstServer(port, database, fake.env, async (server, api) => {
      await api.connectTwitch();
      const rewardId = await api.twitchRequestReward(300);
      await untilListening(() => fake.eventSub.isListening(REDEMPTION_ADD));
      const viewers = await followWaiting(server.url);

      /** Redemptions `first` to `first + BURST.submissions - 1`, each by a viewer of its own. */
      async function burst(first: number) {
        const rss = watchRss(server.pid);
        const refetchesBefore = refetchesOf(viewers);
        const queued = firstHoldingAll(viewers, first);
        const started = performance.now();
        const cores = watchBurstCores(server.pid);
        for (let n = first; n < first + BURST.submissions; n += 1) {
          redeem(fake, rewardId, { id: String(100_000 + n), name: `Viewer${n}` }, `https://youtu.be/${videoId(n)}`, { id: `bench-redemption-${n}` });
        }
        const heldAll = await queued;
        const queuedAt = heldAll ?? performance.now();
        const burstSeconds = (queuedAt - started) / 1000;
        const during = cores.stop(burstSeconds);
        const after = await afterBurst(api, viewers, queuedAt, rss, refetchesBefore, (n) => videoMarker(first + n));
        // Without a full list in time, the requests the queue holds (once or more) count as accepted.
        const accepted = heldAll === null ? after.storedOnce + after.duplicates : BURST.submissions;
        return { allQueued: heldAll !== null, accepted, perSecond: accepted / burstSeconds, ...during, ...after };
      }

      const first = await burst(0);
      await clearWaiting(api, viewers);
      const second = await burst(BURST.submissions);
      await sleep(OUTBOX_SETTLED_MS);

      viewers.forEach((viewer) => viewer.close());
      return {
        database,
        ...second,
        first,
        refunded: fake.redemptionUpdates.filter((update) => update.status === "CANCELED").length,
      };
    });
  } finally {
    await fake.close();
  }
}
