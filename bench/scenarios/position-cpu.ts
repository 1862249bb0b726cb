/**
 * (3) Position lookups with 5,000 waiting: the server's CPU time per lookup, read from /proc (user +
 * system time of the server process over the run, divided by the lookups it answered), against a
 * plain node:http server answering a fixed body under the same request mix. CPU time rather than
 * requests per second, so the load generator sharing the cores does not blur the comparison.
 */
import autocannon from "autocannon";
import { liveQueueApi } from "../api";
import { startBaseline, startLiveQueue, type Started } from "../processes";
import { cpuSeconds } from "../proc-stats";
import { LOOKUPS } from "../settings";

async function lookups(url: string, seconds: number, pathFor: () => string) {
  const result = await autocannon({
    url,
    connections: LOOKUPS.connections,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: pathFor() }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.total;
}

/** Microseconds of server CPU per lookup, after a warm-up that lets the JIT settle. */
async function cpuPerLookup(server: Started, pathFor: () => string) {
  await lookups(server.url, LOOKUPS.warmupSeconds, pathFor);
  const before = cpuSeconds(server.pid);
  const served = await lookups(server.url, LOOKUPS.seconds, pathFor);
  const cpu = cpuSeconds(server.pid) - before;
  return { microseconds: (cpu / served) * 1e6, perSecond: served / LOOKUPS.seconds };
}

export async function positionCpu(port: number, plainPort: number) {
  const server = await startLiveQueue(port);
  const api = liveQueueApi(server.url);
  await api.signIn();
  await api.openQueue();
  const userIds = await api.fill(LOOKUPS.waiting);

  let i = 0;
  const lookupPath = () => `/api/v1/queue-position/position/${userIds[i++ % userIds.length]}`;
  const plain = await startBaseline("plain-http.ts", plainPort);
  const plainCpu = await cpuPerLookup(plain, lookupPath);
  await plain.stop();
  const appCpu = await cpuPerLookup(server, lookupPath);
  // The server and its 5,000 entries go on to the broadcast scenario.
  return { server, api, userIds, plain: plainCpu, app: appCpu };
}
