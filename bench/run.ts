/**
 * `npm run bench`: LiveQueue against same-run baselines on this machine (see RESULTS.md for what each
 * measures):
 * (1) one add until 1,000 viewers hold the new Waiting list vs a bare `ws` server sending the same frames;
 * (2) queue_update at 10,000 sockets vs a bare `ws` server sending the same frames;
 * (3) server CPU per position lookup with 5,000 waiting vs plain node:http;
 * (4) a burst of 2,000 submissions with 100 viewers, from the web, from chat and as channel-point
 *     redemptions, on SQLite and on PostgreSQL;
 * (5) 5,000 viewers behaving as the web client does, one change per second;
 * (6) a small server: the production build's start and memory at rest, against the same server through tsx;
 * (7) Lighthouse 12's mobile preset on `/` and `/queue` (a score, not a ratio: Lighthouse simulates the phone).
 * The figures go into the "latest run" block of bench/RESULTS.md (only on a full run: BENCH_SCALE=1
 * and every scenario).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { broadcast } from "./scenarios/broadcast";
import { liveViewers } from "./scenarios/live-viewers";
import { oneAdd } from "./scenarios/one-add";
import { positionCpu } from "./scenarios/position-cpu";
import { LIGHTHOUSE_RUNS, lighthouseScores } from "./scenarios/lighthouse";
import { smallServer } from "./scenarios/small-server";
import { submissionBurst } from "./scenarios/submission-burst";
import { QUEUED_WITHIN_MS, redemptionBurst } from "./scenarios/redemption-burst";
import { BROADCAST, BURST, LIVE_VIEWERS, LOOKUPS, ONE_ADD, ONLY, REPEATS, SCALE } from "./settings";

const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const ms = (value: number) => `${value.toFixed(1)} ms`;
const databaseName = (database: "sqlite" | "postgres") => (database === "sqlite" ? "SQLite" : "PostgreSQL");
/** The first of a row's two bursts, on the server just started (the second, after a Clear Waiting, is the figure). */
const firstBurst = (first: { perSecond: number; storedOnce: number }) =>
  `the first burst, just after the server started: ${Math.round(first.perSecond)}/s, stored once: ${first.storedOnce}/${BURST.submissions}`;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ");

function writeResults(text: string): void {
  const file = path.join(import.meta.dirname, "RESULTS.md");
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmark results\n\n<!-- latest-run:start -->\n<!-- latest-run:end -->\n";
  const block = `<!-- latest-run:start -->\n${text}\n<!-- latest-run:end -->`;
  fs.writeFileSync(file, current.replace(/<!-- latest-run:start -->[\s\S]*<!-- latest-run:end -->/, block));
}

async function main() {
  const loadBefore = load();
  const started = performance.now();
  const rows: string[] = [];
  const log = (row: string) => {
    rows.push(row);
    console.log(row);
  };

  if (ONLY.has("1")) {
    const r = await oneAdd(8311, 8312);
    const ratio = r.app / r.floor;
    log(
      `| (1) one add → ${ONE_ADD.viewers} viewers hold the new Waiting list (${ONE_ADD.waiting} waiting, median of ${ONE_ADD.repeats}, taking turns with the floor; ${r.refetches} refetches) | ${ms(r.app)} | bare ws server sending the same ${r.framesPerAdd} frame(s), ${r.frameBytes} bytes, to every viewer (${r.floorRefetches} refetches): ${ms(r.floor)} | ${ratio.toFixed(2)} | ≤ 1.3 | ${verdict(ratio <= 1.3)} |`,
    );
  }
  if (ONLY.has("2") || ONLY.has("3")) {
    const lookups = await positionCpu(8313, 8314);
    if (ONLY.has("2")) {
      const b = await broadcast(lookups, 8315);
      const ratio = b.app / b.floor;
      log(
        `| (2) admin removes an entry → queue_update at ${BROADCAST.sockets} subscribed sockets (median of ${REPEATS}) | ${ms(b.app)} | bare ws server sending the same ${b.framesPerChange} frame(s), ${b.frameBytes} bytes: ${ms(b.floor)} | ${ratio.toFixed(2)} | ≤ 1.1 | ${verdict(ratio <= 1.1)} |`,
      );
    } else {
      await lookups.server.stop();
    }
    if (ONLY.has("3")) {
      const ratio = lookups.app.microseconds / lookups.plain.microseconds;
      log(
        `| (3) server CPU per position lookup, ${LOOKUPS.connections} clients, ${LOOKUPS.waiting} waiting (${Math.round(lookups.app.perSecond)}/s served) | ${lookups.app.microseconds.toFixed(1)} µs | plain node:http, fixed body, same mix: ${lookups.plain.microseconds.toFixed(1)} µs (${Math.round(lookups.plain.perSecond)}/s) | ${ratio.toFixed(2)} | ≤ 1.2 | ${verdict(ratio <= 1.2)} |`,
      );
    }
  }
  if (ONLY.has("4")) {
    for (const [database, source, port, minRate] of [
      ["sqlite", "web", 8316, 4000],
      ["postgres", "web", 8317, 2500],
      ["sqlite", "chat", 8321, 4000],
      ["postgres", "chat", 8322, 2500],
    ] as const) {
      const r = await submissionBurst(port, database, source);
      const once = [r, r.first].every((b) => b.storedOnce === BURST.submissions && b.duplicates === 0 && b.accepted === BURST.submissions);
      const ok = r.perSecond >= minRate && once && r.currentAfter <= 200 && r.peakRssMb < 300;
      const refused =
        r.refused + r.first.refused ? `, ${r.refused + r.first.refused} refused (${[...new Set([...r.refusedStatuses, ...r.first.refusedStatuses])].join(", ")})` : "";
      log(
        `| (4) ${BURST.submissions} ${source === "web" ? "submissions from as many guests" : "chat requests (Nightbot !sr) from as many chatters"} over ${BURST.connections} connections, ${BURST.viewers} viewers, ${databaseName(database)} | ${Math.round(r.perSecond)} accepted/s${refused} (${firstBurst(r.first)}); stored once: ${r.storedOnce}/${BURST.submissions}; every viewer current ${Number.isFinite(r.currentAfter) ? ms(r.currentAfter) : "not within 10 s"} after the last acceptance (${r.refetches} refetches); peak RSS ${Math.round(r.peakRssMb)} MB; during the burst the server used ${r.serverCores.toFixed(2)} cores and the load generator ${r.benchCores.toFixed(2)} | — | — | ≥ ${minRate}/s, each once, ≤ 200 ms, < 300 MB | ${verdict(ok)} |`,
      );
    }
    for (const [database, port, minRate] of [
      ["sqlite", 8323, 4000],
      ["postgres", 8324, 2500],
    ] as const) {
      const r = await redemptionBurst(port, database);
      const once = [r, r.first].every((b) => b.storedOnce === BURST.submissions && b.duplicates === 0 && b.accepted === BURST.submissions) && r.refunded === 0;
      const ok = r.perSecond >= minRate && once && r.currentAfter <= 200 && r.peakRssMb < 300;
      const queued = r.allQueued ? `all ${BURST.submissions}` : `only ${r.accepted} (the rest not within ${QUEUED_WITHIN_MS / 1000} s)`;
      log(
        `| (4) ${BURST.submissions} channel-point redemptions ("Request a song") from as many viewers, sent as fast as the fake Twitch's EventSub socket sends them, ${BURST.viewers} viewers, ${databaseName(database)} | ${Math.round(r.perSecond)} queued/s (no answer to a redemption: from the first notification sent until the first viewer held a Waiting list with ${queued}; ${firstBurst(r.first)}); refunded: ${r.refunded}; stored once: ${r.storedOnce}/${BURST.submissions}; every viewer current ${Number.isFinite(r.currentAfter) ? ms(r.currentAfter) : "not within 10 s"} after the first (${r.refetches} refetches); peak RSS ${Math.round(r.peakRssMb)} MB; during the burst the server used ${r.serverCores.toFixed(2)} cores and the load generator, fake Twitch included, ${r.benchCores.toFixed(2)} | — | — | ≥ ${minRate}/s, each once, none refunded, ≤ 200 ms, < 300 MB | ${verdict(ok)} |`,
      );
    }
  }
  if (ONLY.has("5")) {
    const r = await liveViewers(8318);
    const ok = r.p99AllCurrent < 500 && r.serverCores < 1 && r.missed === 0;
    const missed = r.missed ? `, ${r.missed} changes not held by every viewer within 5 s` : "";
    log(
      `| (5) ${LIVE_VIEWERS.viewers} viewers as the web client (socket, apply or refetch, position 1 s and overview 2 s after), one change per second for ${LIVE_VIEWERS.seconds} s | p99 ${ms(r.p99AllCurrent)} until every viewer is current (median ${ms(r.medianAllCurrent)}; p99 per viewer ${ms(r.p99PerViewer)}${missed}); server CPU ${r.serverCores.toFixed(2)} cores; ${r.positions} position and ${r.overviews} overview requests, ${r.failed} failed, ${r.refetches} list refetches | — | — | p99 < 500 ms, CPU < 1 core | ${verdict(ok)} |`,
    );
  }

  if (ONLY.has("6")) {
    const { compiled, tsx } = await smallServer(8319);
    const ok = compiled.firstAnswerMs < 1000 && compiled.restMb < 100;
    log(
      `| (6) a small server: restart on an existing SQLite database until the first answer, and memory after 10 s at rest (median of 3) | ${ms(compiled.firstAnswerMs)} (${ms(compiled.cpuMs)} CPU), ${compiled.restMb.toFixed(0)} MB | the same server through tsx: ${ms(tsx.firstAnswerMs)} (${ms(tsx.cpuMs)} CPU), ${tsx.restMb.toFixed(0)} MB | ${(compiled.firstAnswerMs / tsx.firstAnswerMs).toFixed(2)} | < 1 s, < 100 MB | ${verdict(ok)} |`,
    );
  }

  if (ONLY.has("7")) {
    for (const page of await lighthouseScores(8320)) {
      // The JavaScript budget is the home page's: a first visit's dialogs included.
      const scriptsOk = page.path !== "/" || page.scriptsGzipKb <= 150;
      const ok = page.performance >= 95 && page.largestPaintMs < 2500 && scriptsOk;
      log(
        `| (7) Lighthouse 12, mobile preset, first visit to \`${page.path}\` (median of ${LIGHTHOUSE_RUNS}) | performance ${page.performance}; first paint ${ms(page.firstPaintMs)} (Chromium's own, unthrottled: ${ms(page.observedFirstPaintMs)}), largest paint ${ms(page.largestPaintMs)}, blocking ${ms(page.blockingMs)}, render-blocking ${ms(page.renderBlockingMs)}; SEO ${page.seo}; until the network was quiet ${page.scripts} scripts, ${page.scriptsGzipKb.toFixed(1)} KB as gzip -9 | — | — | ≥ 95, largest paint < 2.5 s${page.path === "/" ? ", scripts ≤ 150 KB gzip" : ""} | ${verdict(ok)} |`,
      );
    }
  }

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const text = [
    `Run on ${new Date().toISOString()} — ${machine}. Load generator and servers share the machine; load average (1 / 5 / 15 min) ${loadBefore} before, ${load()} after; ${minutes} min.`,
    "",
    "| measurement | LiveQueue | baseline (same run) | ratio | target | |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
  console.log(`\n${text}`);
  if (SCALE === 1 && ONLY.size === 7) writeResults(text);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
