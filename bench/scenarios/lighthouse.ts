import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { median } from "../clients";
import { startLiveQueue } from "../processes";

/** Debian's Chromium, headless, with the flags every browser on this machine runs with (STACK.md). */
const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
/**
 * Five, as Lighthouse's own guidance on variability advises: on this machine one page's score moved
 * 78-97 between runs of the same build, its blocking time (simulated from the observed tasks, 4×) most.
 */
export const LIGHTHOUSE_RUNS = 5;

export interface PageScore {
  path: string;
  /** Lighthouse's performance score, 0-100 (median of LIGHTHOUSE_RUNS). */
  performance: number;
  seo: number;
  firstPaintMs: number;
  /**
   * The first paint Chromium made in the unthrottled load Lighthouse simulates from. Now and then it is
   * held back by one or two whole seconds (GoogleChrome/lighthouse#17148), and the simulation then
   * counts every script that arrived before it into the first paint.
   */
  observedFirstPaintMs: number;
  largestPaintMs: number;
  blockingMs: number;
  /** What render-blocking resources cost the first paint, as Lighthouse estimates it. */
  renderBlockingMs: number;
  /** The scripts the page loaded until the network was quiet (a first visit's dialogs included). */
  scripts: number;
  /** Their size as gzip -9, the unit of the first page's budget. */
  scriptsGzipKb: number;
}

const BUILT_WEB = path.resolve(import.meta.dirname, "../../dist/web");
const gzipKbOf = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

/** The scripts of Lighthouse's network log and their size as gzip -9, read from the build the server sent them from. */
function scriptsLoaded(networkRequests: unknown): { scripts: number; scriptsGzipKb: number } {
  const items = (networkRequests as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  const files = [...new Set(items.filter((item) => item.resourceType === "Script").map((item) => path.join(BUILT_WEB, new URL(item.url).pathname)))];
  return { scripts: files.length, scriptsGzipKb: files.reduce((sum, file) => sum + gzipKbOf(file), 0) };
}

async function audit(url: string, port: number) {
  // Lighthouse's default configuration is its mobile preset: a phone screen, simulated slow 4G and a 4x slower CPU.
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance", "seo"] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const details = audits["render-blocking-resources"]?.details as { overallSavingsMs?: number } | undefined;
  const observed = (audits.metrics?.details as { items?: { observedFirstPaint?: number }[] } | undefined)?.items?.[0];
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    seo: Math.round((categories.seo?.score ?? 0) * 100),
    firstPaintMs: numeric("first-contentful-paint"),
    observedFirstPaintMs: observed?.observedFirstPaint ?? Number.NaN,
    largestPaintMs: numeric("largest-contentful-paint"),
    blockingMs: numeric("total-blocking-time"),
    renderBlockingMs: details?.overallSavingsMs ?? 0,
    ...scriptsLoaded(audits["network-requests"]?.details),
  };
}

/**
 * Each audit in a browser of its own, a first visit each time: with one browser kept across audits, a
 * later audit of `/` now and then found the page rendered anew, as a returning visitor gets it, and
 * its largest text painted a second time (3.4 s against 2.3 s).
 */
async function auditInFreshBrowser(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    return await audit(url, chrome.port);
  } finally {
    chrome.kill();
  }
}

/** Lighthouse 12 on `/` and `/queue` of the production build, a first visit each time (Lighthouse clears the cache). */
export async function lighthouseScores(port: number, paths = ["/", "/queue"]): Promise<PageScore[]> {
  const server = await startLiveQueue(port);
  try {
    const scores: PageScore[] = [];
    for (const path of paths) {
      const runs: Omit<PageScore, "path">[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await auditInFreshBrowser(`${server.url}${path}`));
      const of = (key: keyof Omit<PageScore, "path">) => median(runs.map((r) => r[key]));
      scores.push({
        path,
        performance: of("performance"),
        seo: of("seo"),
        firstPaintMs: of("firstPaintMs"),
        observedFirstPaintMs: of("observedFirstPaintMs"),
        largestPaintMs: of("largestPaintMs"),
        blockingMs: of("blockingMs"),
        renderBlockingMs: of("renderBlockingMs"),
        scripts: of("scripts"),
        scriptsGzipKb: of("scriptsGzipKb"),
      });
    }
    return scores;
  } finally {
    await server.stop();
  }
}
