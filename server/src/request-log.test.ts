import { afterEach, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./test/test-app";
import { httpClient } from "./test/http";

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { method: string };
}

let server: TestApp | undefined;
afterEach(() => server?.close());

async function logOf(level: "info" | "debug") {
  const lines: LogLine[] = [];
  server = await startTestApp("sqlite", { env: { LOG_LEVEL: level }, logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
  const http = httpClient(server.baseUrl);
  expect((await http.get("queue-position/overview")).status).toBe(200);
  expect((await http.post("auth/admin", { form: { username: "nobody", password: "wrong-password" } })).status).toBe(401);
  return lines.filter((line) => line.msg === "incoming request" || line.msg === "request completed");
}

it("logs each write as it arrives and is answered, and the crowd's reads only at debug", async () => {
  const atInfo = await logOf("info");
  expect(atInfo.map((line) => line.msg)).toEqual(["incoming request", "request completed"]);
  expect(atInfo[0]!.req?.method).toBe("POST");
  expect(atInfo[1]!.reqId).toBe(atInfo[0]!.reqId);
  await server!.close();
  server = undefined;

  const atDebug = await logOf("debug");
  expect(atDebug.filter((line) => line.msg === "incoming request").map((line) => line.req?.method)).toEqual(["GET", "POST"]);
});
