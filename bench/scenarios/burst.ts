/**
 * What the sources of burst (4) share: the server on SQLite or a fresh PostgreSQL database, the viewers
 * following the Waiting list, the cores each process used during the burst, and the checks after it
 * (each request stored exactly once, every viewer current, the server's peak RSS).
 */
import { liveQueueApi } from "../api";
import { inBatches, openViewers } from "../clients";
import { ListViewer } from "../list-viewer";
import { startLiveQueue, type Started } from "../processes";
import { cpuSeconds } from "../proc-stats";
import { freshPostgresDatabase } from "../postgres";
import { BURST } from "../settings";

export type BurstDatabase = "sqlite" | "postgres";
type Api = ReturnType<typeof liveQueueApi>;

/** A YouTube video id of its own for each request: 11 characters of the id alphabet. */
export const videoId = (n: number) => `bench${n.toString(36).padStart(6, "0")}`;

/** The marker `requestOfLink` finds in the link of `videoId(n)`. */
export const videoMarker = (n: number) => n.toString(36).padStart(6, "0");

/** Which request of the burst a stored link came from. */
export const requestOfLink = (link: string): string | undefined => /\/burst\/(\d+)$/.exec(link)?.[1] ?? /bench([0-9a-z]{6})/.exec(link)?.[1];

/**
 * Runs `burst` against a LiveQueue server of its own on `database`, signed in as the admin with the
 * queue open; the server and its database are gone afterwards, whatever happened.
 */
export async function withBurstServer<T>(port: number, database: BurstDatabase, env: Record<string, string>, burst: (server: Started, api: Api) => Promise<T>): Promise<T> {
  const postgres = database === "postgres" ? await freshPostgresDatabase() : null;
  const server = await startLiveQueue(port, postgres ? { ...env, DATABASE_URL: postgres.url } : env);
  try {
    const api = liveQueueApi(server.url);
    await api.signIn();
    await api.openQueue();
    return await burst(server, api);
  } finally {
    await server.stop();
    await postgres?.drop();
  }
}

/** The burst's viewers, each subscribed on its socket and holding the Waiting list as the web client does. */
export async function followWaiting(baseUrl: string): Promise<ListViewer[]> {
  const sockets = await openViewers(`${baseUrl.replace("http", "ws")}/ws/public`, BURST.viewers, { subscribe: true });
  return inBatches(sockets, 100, (socket) => ListViewer.open(socket, baseUrl));
}

/**
 * Between the two bursts of a row: the host clears Waiting, and every viewer holds the cleared list
 * before the next burst starts.
 */
export async function clearWaiting(api: Api, viewers: ListViewer[]): Promise<void> {
  await api.clearWaiting();
  const cleared = await api.waiting();
  await Promise.all(viewers.map((viewer) => viewer.until(cleared.version)));
}

/**
 * CPU from now on of the server and of this process. Both share two cores: what each used during the
 * burst says which one held the rate back. stop() takes the burst's length, as each source times it.
 */
export function watchBurstCores(serverPid: number) {
  const serverBefore = cpuSeconds(serverPid);
  const benchBefore = process.cpuUsage();
  return {
    stop(burstSeconds: number) {
      const bench = process.cpuUsage(benchBefore);
      return {
        serverCores: (cpuSeconds(serverPid) - serverBefore) / burstSeconds,
        benchCores: (bench.user + bench.system) / 1e6 / burstSeconds,
      };
    },
  };
}

/** How many times the viewers have refetched the list so far, in all. */
export const refetchesOf = (viewers: ListViewer[]) => viewers.reduce((sum, viewer) => sum + viewer.refetches, 0);

/**
 * The checks after a burst: each viewer's time to hold the server's final Waiting version, counted
 * from `acceptedAt` (when the burst counts as accepted, as each source times it); how many of the
 * burst's requests (named by `markerOf(0)` to `markerOf(BURST.submissions - 1)`) the API's Waiting
 * list holds exactly once, and how many it holds more than once; the viewers' refetches since
 * `refetchesBefore`; the server's peak RSS since `rss` started watching.
 */
export async function afterBurst(api: Api, viewers: ListViewer[], acceptedAt: number, rss: { stop(): number }, refetchesBefore: number, markerOf: (n: number) => string) {
  const served = await api.waiting();
  const held = await Promise.race([Promise.all(viewers.map((viewer) => viewer.until(served.version))), new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]);
  const peakRss = rss.stop();
  const counts = new Map<string, number>();
  for (const entry of served.entries) {
    const marker = requestOfLink(entry.link);
    if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
  }
  let storedOnce = 0;
  for (let n = 0; n < BURST.submissions; n += 1) if (counts.get(markerOf(n)) === 1) storedOnce += 1;
  return {
    storedOnce,
    duplicates: [...counts.values()].filter((count) => count > 1).length,
    currentAfter: held ? Math.max(0, Math.max(...held) - acceptedAt) : Infinity,
    refetches: refetchesOf(viewers) - refetchesBefore,
    peakRssMb: peakRss / 2 ** 20,
  };
}
