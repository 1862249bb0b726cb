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

/** The machine's speed drifts over seconds: the two servers take turns in short stretches, so both see the same drift. */
const ROUNDS = 5;

interface Tally {
  cpu: number;
  served: number;
}

async function stretch(server: Started, pathFor: () => string, seconds: number, tally: Tally): Promise<void> {
  const before = cpuSeconds(server.pid);
  tally.served += await lookups(server.url, seconds, pathFor);
  tally.cpu += cpuSeconds(server.pid) - before;
}

/** Microseconds of server CPU per lookup for each server, after a warm-up that lets the JIT settle. */
async function cpuPerLookup(app: Started, plain: Started, pathFor: () => string) {
  await lookups(plain.url, LOOKUPS.warmupSeconds, pathFor);
  await lookups(app.url, LOOKUPS.warmupSeconds, pathFor);
  const tallies = { app: { cpu: 0, served: 0 }, plain: { cpu: 0, served: 0 } };
  const seconds = LOOKUPS.seconds / ROUNDS;
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? (["plain", "app"] as const) : (["app", "plain"] as const);
    for (const name of order) await stretch(name === "app" ? app : plain, pathFor, seconds, tallies[name]);
  }
  const result = (tally: Tally) => ({ microseconds: (tally.cpu / tally.served) * 1e6, perSecond: tally.served / LOOKUPS.seconds });
  return { app: result(tallies.app), plain: result(tallies.plain) };
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
  const measured = await cpuPerLookup(server, plain, lookupPath);
  await plain.stop();
  // The server and its 5,000 entries go on to the broadcast scenario.
  return { server, api, userIds, ...measured };
}
