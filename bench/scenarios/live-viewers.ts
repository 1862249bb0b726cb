/**
 * (5) 5,000 viewers behaving as the web client does: a socket subscribed to every list, the Waiting
 * list held and followed with the shared rule (apply or refetch), the position refreshed 1 s after a
 * queue or position update and the overview 2 s after (each once per burst, as the web client's
 * delayed invalidation does). One change per second (guests' submissions, alternating with an admin
 * removing the oldest of them) for BENCH_SECONDS, made from the host's own device (a worker thread); per
 * change, the time from its request leaving until every viewer holds its version; the server's CPU from
 * /proc over the whole stretch.
 */
import { liveQueueApi } from "../api";
import { inBatches, openViewers, percentile } from "../clients";
import { startHostDevice } from "../host-device";
import { ListViewer } from "../list-viewer";
import { startLiveQueue } from "../processes";
import { watchCpu } from "../proc-stats";
import { LIVE_VIEWERS } from "../settings";
import { OVERVIEW_REFRESH_MS, refreshLikeTheWebClient } from "../web-client-refresh";

const GIVE_UP_MS = 5000;

export async function liveViewers(port: number) {
  const server = await startLiveQueue(port);
  try {
    const api = liveQueueApi(server.url);
    await api.signIn();
    await api.openQueue();
    const userIds = await api.fill(LIVE_VIEWERS.waiting);
    const wsUrl = `${server.url.replace("http", "ws")}/ws/public`;
    const sockets = await openViewers(wsUrl, LIVE_VIEWERS.viewers, { subscribe: true, concurrency: 250 });
    const viewers = await inBatches(sockets, 100, (socket) => ListViewer.open(socket, server.url));
    const tally = { positions: 0, overviews: 0, failed: 0 };
    viewers.forEach((viewer, v) => refreshLikeTheWebClient(viewer, userIds[v % userIds.length]!, tally));
    const [observer] = await openViewers(wsUrl, 1, { subscribe: true });
    const host = await startHostDevice(server.url);

    const cpu = watchCpu(server.pid);
    const started = performance.now();
    const changes: Promise<{ all: number; each: number[] } | null>[] = [];
    // Submissions, and removals of the oldest of them, alternating so that no list repeats an earlier
    // one (a version is derived from the list's content, so a repeat would count as already held).
    const submitted: string[] = [];
    for (let i = 0; i < LIVE_VIEWERS.seconds; i += 1) {
      const due = started + i * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const announced = observer!.next("queue_update", (m) => m.queue_type === "waiting" && m.version);
      const change = i % 2 === 0 && submitted.length >= 2 ? ({ kind: "remove", userId: submitted.shift()! } as const) : ({ kind: "submit", label: `live ${i}` } as const);
      const done = await host.change(change);
      if (done.userId) submitted.push(done.userId);
      const changedAt = done.sentAt;
      const { version } = await announced;
      const held = Promise.all(viewers.map((viewer) => viewer.until(version))).then((times) => {
        const each = times.map((at) => Math.max(0, at - changedAt));
        return { all: Math.max(...each), each };
      });
      changes.push(Promise.race([held, new Promise<null>((resolve) => setTimeout(() => resolve(null), GIVE_UP_MS))]));
    }
    const results = await Promise.all(changes);
    // The refreshes the last change set off are part of the load.
    await new Promise((resolve) => setTimeout(resolve, OVERVIEW_REFRESH_MS + 200));
    const used = cpu.stop();

    const complete = results.filter((r): r is { all: number; each: number[] } => r !== null);
    const perViewer = complete.flatMap((r) => r.each);
    observer!.socket.terminate();
    await host.stop();
    viewers.forEach((viewer) => viewer.close());
    return {
      changes: results.length,
      missed: results.length - complete.length,
      p99AllCurrent: complete.length
        ? percentile(
            complete.map((r) => r.all),
            0.99,
          )
        : Infinity,
      medianAllCurrent: complete.length
        ? percentile(
            complete.map((r) => r.all),
            0.5,
          )
        : Infinity,
      p99PerViewer: perViewer.length ? percentile(perViewer, 0.99) : Infinity,
      serverCores: used.cores,
      refetches: viewers.reduce((sum, viewer) => sum + viewer.refetches, 0),
      ...tally,
    };
  } finally {
    await server.stop();
  }
}
