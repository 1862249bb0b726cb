import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("settings for running behind a proxy", () => {
  it("warns at start when a proxy is trusted but PUBLIC_URL does not name the site", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).warnings).toEqual([expect.stringContaining("TRUST_PROXY is set but PUBLIC_URL is not")]);
    expect(loadConfig({ TRUST_PROXY: "1", PUBLIC_URL: "https://queue.example.com" }).warnings).toEqual([]);
    expect(loadConfig({}).warnings).toEqual([]);
  });

  it("reads ALLOWED_HOSTS as lower-cased host names, with or without a port", () => {
    expect(loadConfig({ ALLOWED_HOSTS: " Queue.Example.com ,www.example.com:8443,[::1]:8000" }).allowedHosts).toEqual(["queue.example.com", "www.example.com:8443", "[::1]:8000"]);
    expect(loadConfig({}).allowedHosts).toEqual([]);
  });

  it.each(["https://queue.example.com", "queue.example.com/path", "evil.example,", "a b", "host:port", "*.example.com", "queue.example.com\r\nX: 1"])(
    "refuses ALLOWED_HOSTS=%j at start",
    (value) => {
      expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow("ALLOWED_HOSTS: must be host names or host:port, comma-separated");
    },
  );

  it.each([
    ["RATE_LIMIT_ACCOUNT_LOGIN_MAX", "0"],
    ["RATE_LIMIT_ACCOUNT_LOGIN_WINDOW_SECONDS", "0"],
    ["RATE_LIMIT_ACCOUNT_LOGIN_WINDOW_SECONDS", "86401"],
    ["WS_MAX_SOCKETS_PER_ADDRESS", "-5"],
    ["WS_MAX_SOCKETS", "many"],
    ["WS_MAX_MESSAGES_PER_SECOND", "2.5"],
    ["HTTP_IDLE_TIMEOUT_SECONDS", "0"],
    ["HTTP_HEADERS_TIMEOUT_SECONDS", ""],
  ])("refuses %s=%j at start, naming the setting", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it("defaults to limits a 5,000-viewer stream behind one shared address fits in", () => {
    const { sockets, accountLoginLimit } = loadConfig({});
    expect(sockets.maxPerAddress).toBeGreaterThanOrEqual(5000);
    expect(sockets.maxTotal).toBeGreaterThan(sockets.maxPerAddress);
    expect(accountLoginLimit).toEqual({ max: 10, windowSeconds: 900 });
  });
});
