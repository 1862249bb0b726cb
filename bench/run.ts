/**
 * `npm run bench`: LiveQueue against same-run baselines on this machine.
 * (a) position lookups/s from 100 clients vs a plain node:http server with a fixed body;
 * (b) admin move -> queue_update at 2,000 public sockets vs a bare `ws` broadcast to 2,000 sockets;
 * (c) 1,000 viewers, 200 waiting: one submission -> every viewer has the update and the refetched list.
 * The figures go into the "latest run" block of bench/RESULTS.md.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import autocannon from "autocannon";
import { liveQueueApi } from "./api";
import { closeViewers, median, openViewers, viewerHttp } from "./clients";
import { startBaseline, startLiveQueue } from "./processes";

const POSITION_ENTRIES = 5000;
const LOOKUP_CLIENTS = 100;
const LOOKUP_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BROADCAST_SOCKETS = 2000;
const VIEWERS = 1000;
const VIEWER_WAITING = 200;
const REPEATS = 7;

async function requestsPerSecond(url: string, pathFor: () => string): Promise<number> {
  const result = await autocannon({
    url,
    connections: LOOKUP_CLIENTS,
    duration: LOOKUP_SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: pathFor() }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function positionLookups() {
  const plain = await startBaseline("plain-http.ts", 8301);
  const plainRate = await requestsPerSecond(plain.url, () => "/position");
  await plain.stop();

  const server = await startLiveQueue(8302);
  const api = liveQueueApi(server.url);
  await api.signIn();
  await api.openQueue();
  const userIds = await api.fill(POSITION_ENTRIES);
  let i = 0;
  const appRate = await requestsPerSecond(server.url, () => `/api/v1/queue-position/position/${userIds[i++ % userIds.length]}`);
  return { server, api, userIds, plainRate, appRate };
}

async function timeUntilAll(viewers: Awaited<ReturnType<typeof openViewers>>, trigger: () => Promise<unknown>, type: string) {
  const arrivals = viewers.map((viewer) => viewer.next(type));
  const started = performance.now();
  await trigger();
  await Promise.all(arrivals);
  return performance.now() - started;
}

async function broadcastToSockets(app: Awaited<ReturnType<typeof positionLookups>>) {
  const bare = await startBaseline("bare-broadcast.ts", 8303);
  const bareViewers = await openViewers(bare.url.replace("http", "ws"), BROADCAST_SOCKETS);
  const bareTimes: number[] = [];
  for (let r = 0; r < REPEATS; r += 1) bareTimes.push(await timeUntilAll(bareViewers, () => fetch(`${bare.url}/broadcast`), "queue_update"));
  closeViewers(bareViewers);
  await bare.stop();

  const viewers = await openViewers(`${app.server.url.replace("http", "ws")}/ws/public`, BROADCAST_SOCKETS);
  const appTimes: number[] = [];
  for (let r = 0; r < REPEATS; r += 1) {
    const userId = app.userIds[r]!;
    appTimes.push(await timeUntilAll(viewers, () => app.api.move(userId), "queue_update"));
  }
  closeViewers(viewers);
  await app.server.stop();
  return { bare: median(bareTimes), app: median(appTimes) };
}

async function submissionToViewers() {
  const server = await startLiveQueue(8304);
  const api = liveQueueApi(server.url);
  await api.signIn();
  await api.openQueue();
  await api.fill(VIEWER_WAITING);
  const listPath = "/api/v1/queuer/queue";
  const viewers = await openViewers(`${server.url.replace("http", "ws")}/ws/public`, VIEWERS);
  const connections = await Promise.all(viewers.map(() => viewerHttp(server.url)));
  // Each viewer already holds the list, as an open page does, and sends its ETag when it refetches.
  const etags = await Promise.all(connections.map(async (get) => (await get(listPath, { "accept-encoding": "gzip" })).etag));

  const times: number[] = [];
  let listBytes = 0;
  for (let r = 0; r < REPEATS; r += 1) {
    const received = viewers.map(async (viewer, v) => {
      await viewer.next("queue_update", (m) => m.queue_type === "waiting");
      const response = await connections[v]!(listPath, { "if-none-match": etags[v]!, "accept-encoding": "gzip" });
      etags[v] = response.etag;
      return response;
    });
    const started = performance.now();
    await api.submitAsGuest(r);
    const responses = await Promise.all(received);
    times.push(performance.now() - started);
    assertEveryViewerHasTheNewEntry(responses, `Song ${r}`);
    listBytes = responses[0]!.body.length;
  }
  closeViewers(viewers);
  await server.stop();
  return { app: median(times), floor: await refetchFloor(listBytes) };
}

/**
 * The same run's floor for (c): plain node:http handing a ready body of the same size to 1,000
 * viewers on their own connections at once. No HTTP refetch by 1,000 viewers can beat it here.
 */
async function refetchFloor(bytes: number) {
  const plain = await startBaseline("plain-http.ts", 8305);
  const connections = await Promise.all(Array.from({ length: VIEWERS }, () => viewerHttp(plain.url)));
  const times: number[] = [];
  for (let r = 0; r < REPEATS; r += 1) {
    const started = performance.now();
    await Promise.all(connections.map((get) => get(`/list?bytes=${bytes}`, { "accept-encoding": "gzip" })));
    times.push(performance.now() - started);
  }
  await plain.stop();
  return median(times);
}

/** Outside the timing: every viewer got a full new list (not a 304) that holds the new submission. */
function assertEveryViewerHasTheNewEntry(responses: { status: number; body: Buffer; encoding: string }[], track: string) {
  for (const response of responses) {
    if (response.status !== 200) throw new Error(`a viewer got ${response.status} instead of the new list`);
  }
  const sample = responses[responses.length - 1]!;
  const text = sample.encoding === "gzip" ? gunzipSync(sample.body).toString() : sample.body.toString();
  const list = JSON.parse(text) as { track_title: string }[];
  if (!list.some((entry) => entry.track_title === track)) throw new Error(`the refetched list lacks ${track}`);
}

function writeResults(text: string): void {
  const file = path.join(import.meta.dirname, "RESULTS.md");
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmark results\n\n<!-- latest-run:start -->\n<!-- latest-run:end -->\n";
  const block = `<!-- latest-run:start -->\n${text}\n<!-- latest-run:end -->`;
  fs.writeFileSync(file, current.replace(/<!-- latest-run:start -->[\s\S]*<!-- latest-run:end -->/, block));
}

async function main() {
  const lookups = await positionLookups();
  const broadcast = await broadcastToSockets(lookups);
  const submission = await submissionToViewers();

  const lookupRatio = lookups.appRate / lookups.plainRate;
  const broadcastRatio = broadcast.app / broadcast.bare;
  const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
  const text = [
    `Run on ${new Date().toISOString()} — ${machine}. Load generator and servers share the machine.`,
    "",
    "| measurement | LiveQueue | baseline (same run) | ratio | target | |",
    "| --- | --- | --- | --- | --- | --- |",
    `| (a) position lookups/s, ${LOOKUP_CLIENTS} clients, ${POSITION_ENTRIES} waiting | ${Math.round(lookups.appRate)} | plain node:http ${Math.round(lookups.plainRate)} | ${lookupRatio.toFixed(2)} | ≥ 0.6 | ${verdict(lookupRatio >= 0.6)} |`,
    `| (b) admin move → queue_update at ${BROADCAST_SOCKETS} sockets (median of ${REPEATS}) | ${broadcast.app.toFixed(1)} ms | bare ws broadcast ${broadcast.bare.toFixed(1)} ms | ${broadcastRatio.toFixed(2)} | ≤ 2 | ${verdict(broadcastRatio <= 2)} |`,
    `| (c) new submission → ${VIEWERS} viewers updated and refetched Waiting (${VIEWER_WAITING} entries, median of ${REPEATS}) | ${submission.app.toFixed(1)} ms | plain node:http handing the same bytes to ${VIEWERS} viewers at once ${submission.floor.toFixed(1)} ms | ${(submission.app / submission.floor).toFixed(2)} | < 60 ms | ${verdict(submission.app < 60)} |`,
  ].join("\n");
  console.log(text);
  writeResults(text);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
