import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/test-app";
import { loadConfig } from "../config";
import { httpClient } from "../test/http";
import { openEmptyQueue } from "../test/factories";

/** Sends `text` and then nothing; resolves with what came back once the server closes the connection. */
function sendAndStall(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("request and connection timeouts", () => {
  let server: TestApp;
  let port: number;

  beforeAll(async () => {
    server = await startTestApp("sqlite", { env: { HTTP_IDLE_TIMEOUT_SECONDS: "1" } });
    port = Number(new URL(server.baseUrl).port);
    await openEmptyQueue(server.deps);
  });
  afterAll(() => server.close());

  it("by default lets a request take an hour (a 100 MB upload at about 250 kbit/s) but no connection sit silent for a minute", () => {
    const { http } = loadConfig({});
    expect(http).toEqual({ requestTimeoutMs: 3_600_000, idleTimeoutMs: 60_000, headersTimeoutMs: 30_000 });
    expect(server.app.server.requestTimeout).toBe(3_600_000);
    expect(server.app.server.headersTimeout).toBe(30_000);
    expect(server.app.server.timeout).toBe(1000);
  });

  it("closes a connection that stops in the middle of its headers", async () => {
    expect(await sendAndStall(port, "GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")).toBe("");
  });

  it("closes an upload that stops sending, without an answer", async () => {
    const presigned = await httpClient(server.baseUrl).post("files/presign-upload", { json: { filename: "song.mp3", content_type: "audio/mpeg" } });
    const path = new URL(presigned.body.put_url).pathname + new URL(presigned.body.put_url).search;
    const head = `PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: audio/mpeg\r\nContent-Length: 1000000\r\n\r\n`;
    expect(await sendAndStall(port, `${head}${"x".repeat(100)}`)).toBe("");
  });

  it("refuses timeouts that are not whole seconds of at least one", () => {
    for (const value of ["0", "-1", "1.5", "soon"]) expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: value })).toThrow("HTTP_REQUEST_TIMEOUT_SECONDS");
  });
});
