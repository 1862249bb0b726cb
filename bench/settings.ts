/**
 * Sizes and durations of `npm run bench`, scaled for quick tries: BENCH_SCALE=0.1 runs every scenario
 * with a tenth of the viewers, sockets and entries; BENCH_SECONDS sets the live-viewers scenario's
 * length (60 by default); BENCH_ONLY=1,3 runs only those scenarios.
 */
export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const scaled = (n: number, min = 1) => Math.max(min, Math.round(n * SCALE));

export const REPEATS = 7;
/** (1) takes more adds than the others take changes: one add's time moved 15-64 ms on this shared machine. */
export const ONE_ADD = { viewers: scaled(1000, 10), waiting: 200, repeats: 15 };
export const BROADCAST = { sockets: scaled(10_000, 50), batch: 500 };
export const LOOKUPS = { waiting: scaled(5000, 100), connections: 100, seconds: Math.max(3, Math.round(10 * SCALE)), warmupSeconds: 2 };
export const BURST = { submissions: scaled(2000, 50), connections: 50, viewers: scaled(100, 10) };
export const LIVE_VIEWERS = { viewers: scaled(5000, 20), waiting: 200, seconds: Number(process.env.BENCH_SECONDS ?? 60) };
/** `npm run bench:crowd`: visitors of `/queue` over three instances, one in a hundred with an entry. */
export const CROWD = { viewers: scaled(30_000, 60), instances: 3, viewerProcesses: 6, waiting: 200, shareWithEntry: 0.01, seconds: Number(process.env.BENCH_SECONDS ?? 60) };
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

export const ONLY = new Set((process.env.BENCH_ONLY ?? "1,2,3,4,5,6,7").split(",").map((s) => s.trim()));
