import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { fastifyTrustProxy, parseTrustProxy } from "./trust-proxy";

describe("TRUST_PROXY", () => {
  it("trusts no proxy when unset, false or 0", () => {
    for (const text of ["", "false", "0", " FALSE "]) expect(parseTrustProxy(text)).toEqual({ value: false, warning: null });
  });

  it("reads a number as the count of proxies in front of the app", () => {
    expect(parseTrustProxy("2")).toEqual({ value: 2, warning: null });
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust("203.0.113.1", hop))).toEqual([true, true, false]);
  });

  it("reads true as one hop and says so at start, never as trusting every hop", () => {
    const config = loadConfig({ TRUST_PROXY: "true", PUBLIC_URL: "https://queue.example.com" });
    expect(config.trustProxy).toBe(1);
    expect(config.warnings).toEqual([expect.stringContaining("TRUST_PROXY=true is read as one proxy hop")]);
  });

  it("takes a list of addresses, networks and range names", () => {
    expect(parseTrustProxy("10.0.0.2, 172.16.0.0/12,fd00::/8, loopback")).toEqual({ value: ["10.0.0.2", "172.16.0.0/12", "fd00::/8", "loopback"], warning: null });
  });

  it.each([
    ["all", '"all" is not a hop count'],
    ["0.0.0.0/0", '"0.0.0.0/0" is not a hop count'],
    ["::/0", '"::/0" is not a hop count'],
    ["10.0.0.0/33", '"10.0.0.0/33"'],
    ["10.0.0.1,", '""'],
    ["11", "a hop count must be at most 10"],
    ["10.0.0.1/8/8", '"10.0.0.1/8/8"'],
  ])("refuses %j at start with the reason", (text, reason) => {
    expect(() => loadConfig({ TRUST_PROXY: text })).toThrow(`TRUST_PROXY: ${reason}`);
  });
});
