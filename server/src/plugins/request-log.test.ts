import { afterEach, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/test-app";
import { httpClient } from "../test/http";

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
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

it("logs one line per write when it is answered, and the crowd's reads only at debug", async () => {
  const atInfo = await logOf("info");
  expect(atInfo).toHaveLength(1);
  expect(atInfo[0]).toMatchObject({ msg: "request completed", req: { method: "POST", url: "/api/v1/auth/admin" }, res: { statusCode: 401 } });
  expect(atInfo[0]!.reqId).toBeTruthy();
  expect(atInfo[0]!.responseTime).toBeGreaterThan(0);
  await server!.close();
  server = undefined;

  const atDebug = await logOf("debug");
  expect(atDebug.map((line) => `${line.msg} ${line.req?.method}`)).toEqual(["request completed GET", "request completed POST"]);
});
