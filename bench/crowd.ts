/**
 * `npm run bench:crowd`: three LiveQueue instances on one PostgreSQL database and one Redis, 30,000
 * visitors of `/queue` spread over them (held by viewer processes, bench/crowd-viewers.ts), and one
 * change a second for a minute, made on each instance in turn from the host's device: per change, the
 * time from its request leaving until every viewer on every instance holds its version (p99 over the
 * changes); each instance's CPU over the minute; each instance's memory per 1,000 sockets (resident
 * memory with the crowd connected, less the same at rest before it came). The result is written to the
 * "crowd" block of bench/RESULTS.md on a full-size run (BENCH_SCALE=1, 60 s).
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { liveQueueApi } from "./api";
import { openViewers, percentile } from "./clients";
import type { CrowdAnswer, CrowdRequest, CrowdShare } from "./crowd-viewers";
import { startHostDevice } from "./host-device";
import { freshPostgresDatabase } from "./postgres";
import { startLiveQueue, type Started } from "./processes";
import { rssBytes, watchCpu } from "./proc-stats";
import { CROWD, REDIS_URL, SCALE } from "./settings";

const FIRST_PORT = 8330;
const GIVE_UP_MS = 5000;

/** A viewer process, asked and answered over its IPC channel. */
function startViewerProcess() {
  const child: ChildProcess = fork(path.join(import.meta.dirname, "crowd-viewers.ts"), { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const waiting: ((answer: CrowdAnswer) => boolean)[] = [];
  child.on("message", (answer: CrowdAnswer) => {
    if (answer.type === "error") throw new Error(`viewer process ${child.pid}: ${answer.message}`);
    const index = waiting.findIndex((takes) => takes(answer));
    if (index >= 0) waiting.splice(index, 1);
  });
  function ask<T extends CrowdAnswer["type"]>(request: CrowdRequest, type: T, match: (answer: Extract<CrowdAnswer, { type: T }>) => boolean = () => true) {
    return new Promise<Extract<CrowdAnswer, { type: T }>>((resolve) => {
      waiting.push((answer) => {
        if (answer.type !== type || !match(answer as Extract<CrowdAnswer, { type: T }>)) return false;
        resolve(answer as Extract<CrowdAnswer, { type: T }>);
        return true;
      });
      child.send(request);
    });
  }
  return {
    pid: child.pid!,
    open: (share: CrowdShare) => ask({ type: "open", share }, "opened"),
    held: (id: number, version: string, sentAt: number) => ask({ type: "await", id, version, sentAt, giveUpMs: GIVE_UP_MS }, "held", (answer) => answer.id === id),
    tally: () => ask({ type: "tally" }, "tally"),
    close: () => new Promise((resolve) => child.once("exit", resolve).send({ type: "close" } satisfies CrowdRequest)),
  };
}

/** Deletes what the instances left in Redis under their key prefix. */
async function clearRedis(prefix: string) {
  const redis = new Redis(REDIS_URL);
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1000 })) if ((keys as string[]).length) await redis.del(...(keys as string[]));
  redis.disconnect();
}

async function crowd() {
  const database = await freshPostgresDatabase();
  const prefix = `livequeue-crowd-${process.pid}`;
  const env = { DATABASE_URL: database.url, REDIS_URL, REDIS_KEY_PREFIX: prefix };
  const instances: Started[] = [];
  const viewerProcesses: ReturnType<typeof startViewerProcess>[] = [];
  try {
    // The first instance migrates the fresh database; the others start on it.
    instances.push(await startLiveQueue(FIRST_PORT, env));
    instances.push(...(await Promise.all(Array.from({ length: CROWD.instances - 1 }, (_, i) => startLiveQueue(FIRST_PORT + 1 + i, env)))));
    const api = liveQueueApi(instances[0]!.url);
    await api.signIn();
    await api.openQueue();
    const userIds = await api.fill(CROWD.waiting);
    const restRss = instances.map((instance) => rssBytes(instance.pid));

    const perProcess = Math.ceil(CROWD.viewers / CROWD.viewerProcesses);
    const withEntry = Math.ceil(perProcess * CROWD.shareWithEntry);
    for (let p = 0; p < CROWD.viewerProcesses; p += 1) viewerProcesses.push(startViewerProcess());
    // One process at a time: a crowd arriving at one instance at once would be a reconnect storm, not an audience.
    for (const [p, viewers] of viewerProcesses.entries()) {
      const entryUserIds = Array.from({ length: withEntry }, (_, i) => userIds[(p * withEntry + i) % userIds.length]!);
      await viewers.open({ baseUrl: instances[p % instances.length]!.url, viewers: perProcess, entryUserIds });
    }
    const socketsPerInstance = instances.map((_, i) => viewerProcesses.filter((_, p) => p % instances.length === i).length * perProcess);
    const perThousandSocketsMb = instances.map((instance, i) => (rssBytes(instance.pid) - restRss[i]!) / 2 ** 20 / (socketsPerInstance[i]! / 1000));

    const [observer] = await openViewers(`${instances[0]!.url.replace("http", "ws")}/ws/public`, 1, { subscribe: true });
    const hosts = await Promise.all(instances.map((instance) => startHostDevice(instance.url)));
    const cpu = instances.map((instance) => watchCpu(instance.pid));
    const viewersCpu = viewerProcesses.map((viewers) => watchCpu(viewers.pid));
    const started = performance.now();
    const changes: Promise<{ all: number; delays: number[]; missed: number }>[] = [];
    const submitted: string[] = [];
    for (let i = 0; i < CROWD.seconds; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + i * 1000 - performance.now())));
      const announced = observer!.next("queue_update", (m) => m.queue_type === "waiting" && m.version);
      const change = i % 2 === 0 && submitted.length >= 2 ? ({ kind: "remove", userId: submitted.shift()! } as const) : ({ kind: "submit", label: `crowd ${i}` } as const);
      const done = await hosts[i % hosts.length]!.change(change);
      if (done.userId) submitted.push(done.userId);
      const { version } = await announced;
      const sentAt = performance.timeOrigin + done.sentAt;
      changes.push(
        Promise.all(viewerProcesses.map((viewers) => viewers.held(i, version, sentAt))).then((answers) => {
          const delays = answers.flatMap((answer) => answer.delaysMs);
          const missed = answers.reduce((sum, answer) => sum + answer.missed, 0);
          return { all: missed ? Infinity : Math.max(...delays), delays, missed };
        }),
      );
    }
    const results = await Promise.all(changes);
    const used = cpu.map((watch) => watch.stop());
    const viewersUsed = viewersCpu.map((watch) => watch.stop());
    const tallies = await Promise.all(viewerProcesses.map((viewers) => viewers.tally()));
    observer!.socket.terminate();
    await Promise.all(hosts.map((host) => host.stop()));

    const complete = results.filter((r) => r.missed === 0);
    return {
      changes: results.length,
      missed: results.length - complete.length,
      p99AllCurrent:
        complete.length === results.length
          ? percentile(
              results.map((r) => r.all),
              0.99,
            )
          : Infinity,
      medianAllCurrent: complete.length
        ? percentile(
            complete.map((r) => r.all),
            0.5,
          )
        : Infinity,
      p99PerViewer: percentile(
        results.flatMap((r) => r.delays),
        0.99,
      ),
      instanceCores: used.map((u) => u.cores),
      viewerCores: viewersUsed.reduce((sum, u) => sum + u.cores, 0),
      perThousandSocketsMb,
      socketsPerInstance,
      refetches: tallies.reduce((sum, t) => sum + t.refetches, 0),
      positions: tallies.reduce((sum, t) => sum + t.tally.positions, 0),
      failed: tallies.reduce((sum, t) => sum + t.tally.failed, 0),
      withEntry: withEntry * CROWD.viewerProcesses,
    };
  } finally {
    await Promise.all(viewerProcesses.map((viewers) => viewers.close()));
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
    await clearRedis(prefix);
  }
}

function writeCrowdResults(text: string): void {
  const file = path.join(import.meta.dirname, "RESULTS.md");
  const current = fs.readFileSync(file, "utf8");
  const block = `<!-- crowd:start -->\n${text}\n<!-- crowd:end -->`;
  const next = current.includes("<!-- crowd:start -->")
    ? current.replace(/<!-- crowd:start -->[\s\S]*<!-- crowd:end -->/, block)
    : current.replace("<!-- latest-run:end -->", `<!-- latest-run:end -->\n\n${block}`);
  fs.writeFileSync(file, next);
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : "not within 5 s");

async function main() {
  const r = await crowd();
  const ok = r.p99AllCurrent < 500 && r.instanceCores.every((cores) => cores <= 1) && r.refetches === 0 && r.missed === 0;
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const missed = r.missed ? `, ${r.missed} of ${r.changes} changes not held by every viewer within 5 s` : "";
  const text = [
    `Crowd run on ${new Date().toISOString()} — ${machine}; instances, viewer processes, PostgreSQL and Redis share the machine.`,
    "",
    "| measurement | LiveQueue | target | |",
    "| --- | --- | --- | --- |",
    `| ${CROWD.viewers} visitors of \`/queue\` over ${CROWD.instances} instances (one PostgreSQL, one Redis; ${r.withEntry} of them with an entry, refreshing their position), one change a second on each instance in turn for ${CROWD.seconds} s | p99 ${ms(r.p99AllCurrent)} until every viewer holds the new version (median ${ms(r.medianAllCurrent)}; p99 per viewer ${ms(r.p99PerViewer)}${missed}); instances' CPU ${r.instanceCores.map((c) => c.toFixed(2)).join(" / ")} cores; ${r.refetches} list refetches; ${r.positions} position requests, ${r.failed} failed; memory per 1,000 sockets ${r.perThousandSocketsMb.map((mb) => mb.toFixed(1)).join(" / ")} MB (${r.socketsPerInstance.join(" / ")} sockets); viewer processes ${r.viewerCores.toFixed(2)} cores | p99 < 500 ms, each instance ≤ 1 core, no refetch | ${ok ? "met" : "**missed**"} |`,
  ].join("\n");
  console.log(text);
  if (SCALE === 1 && CROWD.seconds === 60) writeCrowdResults(text);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
