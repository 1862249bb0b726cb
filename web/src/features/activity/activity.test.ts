import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { recordActivity } from "./activity";

const seen: string[] = [];
let status = 200;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    setTimeout(() => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(status === 200 ? '{"ok":true}' : '{"detail":"Internal server error"}');
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`);
  seen.length = 0;
  status = 200;
});
afterEach(() => vi.unstubAllEnvs());

describe("recordActivity", () => {
  it("tells the server which page the submitter is on", async () => {
    expect(await recordActivity("guest_a", "queue_page")).toBe(true);
    expect(seen).toEqual(["POST /api/v1/queue-position/activity/guest_a?activity_type=queue_page"]);
  });

  it("does nothing without a user id", async () => {
    expect(await recordActivity(null, "home_page")).toBe(false);
    expect(seen).toEqual([]);
  });

  it("ignores a duplicate while the first is in flight", async () => {
    const [first, second] = await Promise.all([recordActivity("guest_b", "home_page"), recordActivity("guest_b", "home_page")]);
    expect([first, second]).toEqual([true, false]);
    expect(seen).toHaveLength(1);
  });

  it("sends the same interaction at most once per 30 s, but every page visit", async () => {
    expect(await recordActivity("guest_c", "action:refresh_position", 1_000)).toBe(true);
    expect(await recordActivity("guest_c", "action:refresh_position", 20_000)).toBe(false);
    expect(await recordActivity("guest_c", "action:refresh_position", 31_000)).toBe(true);
    expect(await recordActivity("guest_c", "page_visit:queue", 31_000)).toBe(true);
    expect(await recordActivity("guest_c", "page_visit:queue", 32_000)).toBe(true);
    expect(seen).toHaveLength(4);
  });

  it("only warns when the server fails", async () => {
    status = 500;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await recordActivity("guest_d", "interaction")).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("pageName", () => {
  it("names a page visit by the path's first segment", async () => {
    const { pageName } = await import("./use-activity-signals");
    expect(["/", "/queue", "/community/mira", "/LIVE"].map(pageName)).toEqual(["home", "queue", "community", "live"]);
  });
});
