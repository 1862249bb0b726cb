/**
 * (2) `queue_update` at 10,000 sockets against a bare `ws` broadcast to as many. The sockets arrive in
 * batches, as a crowd does, and each is confirmed subscribed (subscribe_queue, then a ping answered by
 * a pong) before any timing. LiveQueue's change is an admin removing a waiting entry: one message.
 */
import { closeViewers, median, openViewers, type Viewer } from "../clients";
import { startBaseline, type Started } from "../processes";
import { BROADCAST, REPEATS } from "../settings";

async function timeUntilAll(viewers: Viewer[], trigger: () => Promise<unknown>, filter?: (m: any) => boolean) {
  const arrivals = viewers.map((viewer) => viewer.next("queue_update", filter));
  const started = performance.now();
  await trigger();
  await Promise.all(arrivals);
  return performance.now() - started;
}

export async function broadcast(app: { server: Started; api: { remove(id: string): Promise<unknown> }; userIds: string[] }, barePort: number) {
  const bare = await startBaseline("bare-broadcast.ts", barePort);
  const bareViewers = await openViewers(bare.url.replace("http", "ws"), BROADCAST.sockets, { subscribe: true, concurrency: BROADCAST.batch });
  const bareTimes: number[] = [];
  for (let r = 0; r < REPEATS; r += 1) bareTimes.push(await timeUntilAll(bareViewers, () => fetch(`${bare.url}/broadcast`)));
  closeViewers(bareViewers);
  await bare.stop();

  const url = `${app.server.url.replace("http", "ws")}/ws/public`;
  const viewers = await openViewers(url, BROADCAST.sockets, { subscribe: true, concurrency: BROADCAST.batch });
  const appTimes: number[] = [];
  for (let r = 0; r < REPEATS; r += 1) {
    const userId = app.userIds[r]!;
    appTimes.push(
      await timeUntilAll(
        viewers,
        () => app.api.remove(userId),
        (m) => m.queue_type === "waiting",
      ),
    );
  }
  closeViewers(viewers);
  await app.server.stop();
  return { bare: median(bareTimes), app: median(appTimes) };
}
