import net from "node:net";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { MESSAGES } from "@common/messages";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { resetQueue, TEST_SYSTEM } from "../../test/factories";
import { audioFixture, storedFiles, uploadViaPresign } from "../../test/files";

const BOUNDARY = "----livequeue-raw-boundary";

/** A multipart submission body as the browser sends it, with a real mp3 as its file part. */
function submissionBody(boundary = BOUNDARY): { head: Buffer; file: Buffer; tail: Buffer } {
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="artist_name"\r\n\r\nRaw Artist\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="track_title"\r\n\r\nRaw Title\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="youtube_username"\r\n\r\nRawChannel\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tone.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`;
  return { head: Buffer.from(head), file: audioFixture("mp3"), tail: Buffer.from(`\r\n--${boundary}--\r\n`) };
}

interface RawAnswer {
  status: number | null;
  body: unknown;
}

/**
 * Sends a request as raw bytes over a socket. With `abortAfter` the socket is destroyed that many
 * milliseconds after the bytes are written (a client that goes away); otherwise the answer is read.
 */
function rawRequest(
  port: number,
  request: { method: string; path: string; headers: Record<string, string>; body: Buffer; contentLength?: number; abortAfter?: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const headers = { host: `127.0.0.1:${port}`, connection: "close", "content-length": String(request.contentLength ?? request.body.length), ...request.headers };
    const head = `${request.method} /api/v1/${request.path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("")}\r\n`;
    socket.on("error", () => resolve({ status: null, body: null }));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const body = text.slice(text.indexOf("\r\n\r\n") + 4);
      try {
        resolve({ status: status ? Number(status[1]) : null, body: body ? JSON.parse(body) : null });
      } catch (error) {
        reject(new Error(`not a JSON answer: ${text}`, { cause: error }));
      }
    });
    socket.write(Buffer.concat([Buffer.from(head), request.body]), () => {
      if (request.abortAfter !== undefined) setTimeout(() => socket.destroy(), request.abortAfter);
    });
  });
}

/** Waits until no stored file (finished or partial) is left besides `keep`. */
async function expectNoFilesBut(dataDir: string, keep: string[]): Promise<void> {
  const extra = () => storedFiles(dataDir).filter((file) => !keep.includes(file));
  const deadline = Date.now() + 5000;
  while (extra().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(extra()).toEqual([]);
}

/** Waits until the server has put a cut-off presigned upload back to waiting for its bytes. */
async function expectUploadState(server: TestApp, key: string, status: string): Promise<void> {
  const current = async () => (await server.deps.db.selectFrom("files").select("status").where("key", "=", key).executeTakeFirst())?.status;
  const deadline = Date.now() + 5000;
  while ((await current()) !== status && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await current()).toBe(status);
}

describeEachDatabase("malformed and cut-off uploads", (dialect) => {
  let server: TestApp;
  let port: number;
  let kept: string[];

  beforeAll(async () => {
    server = await startTestApp(dialect);
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await resetQueue(server.deps);
    await server.deps.services.settings.set(TEST_SYSTEM, "isQueueOn", "true");
    kept = storedFiles(server.database.dataDir);
  });

  const multipart = (boundary = BOUNDARY) => ({ "content-type": `multipart/form-data; boundary=${boundary}` });

  it.each(["queuer/upload-submission", "queuer/upload-update/1"])("answers 400 to a %s body that ends inside the file part", async (path) => {
    const { head, file } = submissionBody();
    const answer = await rawRequest(port, { method: "POST", path, headers: multipart(), body: Buffer.concat([head, file.subarray(0, 4000)]) });
    expect(answer).toEqual({ status: 400, body: { detail: MESSAGES.malformedUpload } });
    await expectNoFilesBut(server.database.dataDir, kept);
  });

  it("refuses a file part whose name holds a control character, keeping nothing", async () => {
    const { head, file, tail } = submissionBody();
    const named = Buffer.from(head.toString().replace('filename="tone.mp3"', 'filename="to\u0000ne.mp3"'));
    const answer = await rawRequest(port, { method: "POST", path: "queuer/upload-submission", headers: multipart(), body: Buffer.concat([named, file, tail]) });
    expect(answer).toEqual({ status: 422, body: { detail: [expect.objectContaining({ loc: ["body", "filename"], msg: "Text may not contain control characters" })] } });
    await expectNoFilesBut(server.database.dataDir, kept);
  });

  it("answers 400 to a body without its closing boundary", async () => {
    const { head, file } = submissionBody();
    const answer = await rawRequest(port, {
      method: "POST",
      path: "queuer/upload-submission",
      headers: multipart(),
      body: Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}`)]),
    });
    expect(answer).toEqual({ status: 400, body: { detail: MESSAGES.malformedUpload } });
    await expectNoFilesBut(server.database.dataDir, kept);
  });

  it.each([
    ["no boundary", { "content-type": "multipart/form-data" }, Buffer.concat(Object.values(submissionBody()))],
    ["an empty boundary", multipart(""), Buffer.concat(Object.values(submissionBody()))],
    ["a boundary the body does not contain", multipart("not-in-the-body"), Buffer.concat(Object.values(submissionBody()))],
    ["a JSON body", multipart(), Buffer.from(JSON.stringify({ artist_name: "A", track_title: "T" }))],
  ])("answers 400 to a multipart request with %s", async (_name, headers, body) => {
    const answer = await rawRequest(port, { method: "POST", path: "queuer/upload-submission", headers, body });
    expect(answer).toEqual({ status: 400, body: { detail: MESSAGES.malformedUpload } });
    await expectNoFilesBut(server.database.dataDir, kept);
  });

  it.each(["queuer/upload-submission", "queuer/upload-update/1"])("survives a client that goes away in the middle of the %s file part", async (path) => {
    const { head, file, tail } = submissionBody();
    const whole = head.length + file.length + tail.length;
    for (const cut of [head.length - 10, head.length + 10, head.length + 6000]) {
      await rawRequest(port, { method: "POST", path, headers: multipart(), body: Buffer.concat([head, file]).subarray(0, cut), contentLength: whole, abortAfter: 50 });
    }
    await expectNoFilesBut(server.database.dataDir, kept);
    expect((await httpClient(server.baseUrl).get("queuer/queue")).body).toEqual([]);
  });

  it("leaves a presigned upload cut off mid-way unfinished and its URL usable again", async () => {
    const presign = await httpClient(server.baseUrl).post("files/presign-upload", { json: { filename: "cut.mp3", content_type: "audio/mpeg" } });
    const url = new URL(presign.body.put_url);
    const path = `${url.pathname.replace("/api/v1/", "")}${url.search}`;
    const file = audioFixture("mp3");
    await rawRequest(port, { method: "PUT", path, headers: { "content-type": "audio/mpeg" }, body: file.subarray(0, 5000), contentLength: file.length, abortAfter: 50 });
    await expectUploadState(server, presign.body.key, "awaiting_upload");
    await rawRequest(port, {
      method: "PUT",
      path,
      headers: { "content-type": "audio/mpeg", "transfer-encoding": "chunked", "content-length": "" },
      body: Buffer.from(`1388\r\n${file.subarray(0, 5000).toString("latin1")}\r\n`, "latin1"),
      abortAfter: 50,
    });
    await expectUploadState(server, presign.body.key, "awaiting_upload");
    await expectNoFilesBut(server.database.dataDir, kept);
    expect((await httpClient(server.baseUrl).get(`files/presign?key=${presign.body.key}`)).status).toBe(404);

    const retry = await fetch(presign.body.put_url, { method: "PUT", body: new Uint8Array(file) });
    expect(retry.status).toBe(200);
  });

  it("survives a presign request cut off mid-body", async () => {
    const json = Buffer.from(JSON.stringify({ filename: "cut.mp3", content_type: "audio/mpeg" }));
    await rawRequest(port, {
      method: "POST",
      path: "files/presign-upload",
      headers: { "content-type": "application/json" },
      body: json.subarray(0, 10),
      contentLength: json.length,
      abortAfter: 50,
    });
  });

  it("still answers, and takes a proper upload, after all of the above", async () => {
    expect((await httpClient(server.baseUrl).get("health")).status).toBe(200);
    const { head, file, tail } = submissionBody();
    const answer = await rawRequest(port, { method: "POST", path: "queuer/upload-submission", headers: multipart(), body: Buffer.concat([head, file, tail]) });
    expect(answer.status).toBe(201);
    const { put } = await uploadViaPresign(server.baseUrl, { filename: "tone.wav", contentType: "audio/wav", body: audioFixture("wav") });
    expect(put.status).toBe(200);
  });
});
