import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, test, PHONE, SHOTS } from "./support";

/** A mid-range phone on a slow mobile network (the issue's figures), through Chromium's DevTools protocol. */
const THROTTLING = { latencyMs: 150, megabitsPerSecond: 1.6, cpuSlowdown: 4 };
/**
 * First paint depends on how fast and how busy the machine is (2,040-2,544 ms for the same build on
 * this shared 2-core machine), so it is measured and reported as met or missed in bench/RESULTS.md,
 * never asserted. The bytes of JavaScript do not depend on the machine: they are the test.
 */
const FCP_BUDGET_MS = 2500;
const FIRST_LOAD_JS_BUDGET_KB = 155;
/** Everything a first visit to / loads until the network is quiet, its help dialog included. */
const FIRST_VISIT_JS_BUDGET_KB = 150;
const RESULTS_FILE = "bench/RESULTS.md";
const JSON_FILE = "test-results/first-load.json";
const START = "<!-- first-load:start -->";
const END = "<!-- first-load:end -->";

interface PageLoad {
  path: string;
  fcpMs: number;
  /** Scripts loaded by the page's load event: what it needs to start. */
  scripts: string[];
  /** Every script until the network is quiet, lazily loaded ones included (on / the first-visit help dialog). */
  allScripts: string[];
  /** Bytes of JavaScript on the wire in the encoding Chromium asked for, headers included. */
  jsTransferredKb: number;
  /** The same scripts as gzip, the budget's unit. */
  jsGzipKb: number;
  /** All scripts, as gzip. */
  allJsGzipKb: number;
}

/** The gzip size of each script, as the server sends it to a client that accepts only gzip. */
async function gzipBytes(request: APIRequestContext, urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const response = await request.get(url, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers()["content-encoding"], url).toBe("gzip");
    total += Number(response.headers()["content-length"]);
  }
  return total;
}

/** Opens `pagePath` in a fresh context (empty cache) under throttling, until the network is quiet. */
async function loadThrottled(browser: Browser, request: APIRequestContext, pagePath: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const bytesPerSecond = (THROTTLING.megabitsPerSecond * 1_000_000) / 8;
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING.cpuSlowdown });

  const scriptUrls = new Map<string, string>();
  const transferred = new Map<string, number>();
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script" && new URL(event.response.url).pathname.startsWith("/assets/")) scriptUrls.set(event.requestId, event.response.url);
  });
  cdp.on("Network.loadingFinished", (event) => transferred.set(event.requestId, event.encodedDataLength));

  await page.goto(pagePath, { waitUntil: "load" });
  const atLoad = [...scriptUrls.keys()];
  await page.waitForLoadState("networkidle");
  const fcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const seen = performance.getEntriesByName("first-contentful-paint")[0];
        if (seen) return resolve(seen.startTime);
        new PerformanceObserver((list) => resolve(list.getEntriesByName("first-contentful-paint")[0]!.startTime)).observe({ type: "paint", buffered: true });
        // A page that never paints content (a crash before the first render) reads as infinitely slow.
        setTimeout(() => resolve(Number.POSITIVE_INFINITY), 15_000);
      }),
  );
  await page.screenshot({ path: `${SHOTS}/first-load${pagePath === "/" ? "-home" : pagePath.replaceAll("/", "-")}-390.png`, animations: "disabled" });
  await context.close();

  const scripts = atLoad.map((id) => scriptUrls.get(id)!);
  const allScripts = [...scriptUrls.values()];
  const onWire = atLoad.reduce((sum, id) => sum + (transferred.get(id) ?? 0), 0);
  return {
    path: pagePath,
    fcpMs: Math.round(fcpMs),
    scripts: scripts.map((url) => new URL(url).pathname),
    allScripts: allScripts.map((url) => new URL(url).pathname),
    jsTransferredKb: round(onWire / 1024),
    jsGzipKb: round((await gzipBytes(request, scripts)) / 1024),
    allJsGzipKb: round((await gzipBytes(request, allScripts)) / 1024),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Replaces the dated block between the markers in bench/RESULTS.md (appends it the first time). */
function writeResults(loads: PageLoad[], chromium: string) {
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}, Chromium ${chromium}`;
  const rows = loads.map(
    (load) =>
      `| \`${load.path}\` | ${load.fcpMs} ms | < ${FCP_BUDGET_MS} ms (${load.fcpMs < FCP_BUDGET_MS ? "met" : "missed"}) | ${load.jsGzipKb} KB | ${load.path === "/" ? `≤ ${FIRST_LOAD_JS_BUDGET_KB} KB` : "—"} | ${load.jsTransferredKb} KB | ${load.scripts.length} | ${load.allJsGzipKb} KB (${load.allScripts.length}) |`,
  );
  const block = [
    START,
    `Run on ${new Date().toISOString()} — ${machine}. Throttled through the DevTools protocol: ${THROTTLING.latencyMs} ms round trip, ${THROTTLING.megabitsPerSecond} Mbit/s down and up, CPU ${THROTTLING.cpuSlowdown}× slower; empty cache, 390 px phone viewport.`,
    "",
    "| page | first contentful paint | target | JavaScript by the load event, gzip | target | the same on the wire, as Chromium took it | scripts | all JavaScript until the network is quiet, gzip (scripts) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    END,
  ].join("\n");
  const current = fs.readFileSync(RESULTS_FILE, "utf8");
  const next = current.includes(START)
    ? current.replace(new RegExp(`${START}[\\s\\S]*?${END}`), block)
    : `${current.trimEnd()}\n\n## First load on a phone (\`npx playwright test e2e/first-load.spec.ts\`)\n\n${block}\n`;
  fs.writeFileSync(RESULTS_FILE, next);
  fs.mkdirSync(path.dirname(JSON_FILE), { recursive: true });
  fs.writeFileSync(JSON_FILE, JSON.stringify({ at: new Date().toISOString(), machine, throttling: THROTTLING, loads }, null, 2));
}

test("a phone on a slow network downloads at most 155 KB of JavaScript gzipped to start /, and 150 KB for its whole first visit, and the first paints of / and /queue are reported", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const loads: PageLoad[] = [];
  for (const pagePath of ["/", "/queue"]) loads.push(await loadThrottled(browser, request, pagePath));
  writeResults(loads, browser.version());

  const [home, queue] = loads;
  expect(Number.isFinite(home!.fcpMs), "/ paints content").toBe(true);
  expect(Number.isFinite(queue!.fcpMs), "/queue paints content").toBe(true);
  expect(home!.jsGzipKb, `JavaScript of / (${home!.scripts.join(", ")})`).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
  expect(home!.allJsGzipKb, `JavaScript of a first visit to / (${home!.allScripts.join(", ")})`).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET_KB);
});

test("/ and /queue show their page before any JavaScript has run, and the app then replaces it with its own, with no error", async ({ browser }) => {
  for (const [pagePath, heading] of [
    ["/", "Get your song played live on stream"],
    ["/queue", "The Queue"],
  ] as const) {
    // Prerendered content is inert until the app replaces it, so it is found by its text, not its role.
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const bare = await withoutScripts.newPage();
    await bare.goto(pagePath);
    await expect(bare.locator("h1", { hasText: heading })).toBeVisible();
    await expect(bare.locator("nav a", { hasText: "Queue" })).toBeVisible();
    await withoutScripts.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(pagePath);
    // Replaced, not doubled: the app's page alone, with its headings in the accessibility tree again.
    await expect(page.locator("#root > [inert]")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    expect(errors, pagePath).toEqual([]);
    await context.close();
  }
});
