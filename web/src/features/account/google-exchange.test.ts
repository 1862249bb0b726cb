import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { exchangeGoogleCredential } from "./session";

const received: { url: string; contentType: string | undefined; body: string }[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ url: req.url ?? "", contentType: req.headers["content-type"], body: Buffer.concat(chunks).toString() });
      res.writeHead(401, { "content-type": "application/json" });
      res.end('{"detail":"Google credential is not valid"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`);
  received.length = 0;
});
afterEach(() => vi.unstubAllEnvs());

it("sends the Google tokens in a JSON body, never in the URL that proxies and logs keep", async () => {
  await expect(exchangeGoogleCredential("header.payload.signature", "ya29.access")).rejects.toThrow();
  expect(received).toEqual([
    { url: "/api/v1/auth/google/token-exchange", contentType: "application/json", body: JSON.stringify({ credential: "header.payload.signature", access_token: "ya29.access" }) },
  ]);
});
