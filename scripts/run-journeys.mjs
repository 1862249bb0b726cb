// Runs the browser journeys as E2E_SHARDS Playwright processes side by side (default 1), each with its
// own server, port, data folder and results folder (playwright.config.ts derives them from E2E_PORT),
// so one journey's queue never meets another's. On two cores a back-office page reloaded while the
// other shard's browser renders took 5 s to show its lists (2026-11-27, the journeys' expectations
// wait 5 s), so one shard is the default; a machine with more cores sets E2E_SHARDS=2 or more. Arguments after the script go to every `playwright test`.
import process from "node:process";
import { runLabelled } from "./run-labelled.mjs";

const shards = Number(process.env.E2E_SHARDS ?? 1);
const firstPort = Number(process.env.E2E_PORT ?? 8765);
/** Each shard takes its port, +1 (clamd proxy), +2 (fake YouTube), +3 and +4 (fake Twitch and its control) and +10 (the overlay's own server). */
const PORTS_PER_SHARD = 20;

function runShard(index) {
  const port = firstPort + index * PORTS_PER_SHARD;
  const args = ["playwright", "test", `--shard=${index + 1}/${shards}`, ...process.argv.slice(2)];
  return runLabelled(`[journeys ${index + 1}/${shards}]`, "npx", args, { ...process.env, E2E_PORT: String(port) });
}

const codes = await Promise.all(Array.from({ length: shards }, (_, index) => runShard(index)));
const failed = codes.filter((code) => code !== 0).length;
if (failed) process.stdout.write(`${failed} of ${shards} journey shards failed: their output above names the journeys and their traces under test-results/e2e*/\n`);
process.exit(failed ? 1 : 0);
