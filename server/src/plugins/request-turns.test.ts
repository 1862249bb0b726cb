import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, expect, it } from "vitest";
import { READS_PER_TURN, registerRequestTurns } from "./request-turns";

const READERS = 100;

let app: FastifyInstance | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await app?.close();
  app = undefined;
});

/** A server that notes the order in which it handles reads and a write. */
async function serverNotingOrder(inTurns: boolean) {
  const handled: string[] = [];
  app = Fastify();
  if (inTurns) registerRequestTurns(app);
  app.get<{ Params: { n: string } }>("/read/:n", async (request) => {
    handled.push(`read ${request.params.n}`);
    return { ok: true };
  });
  app.post("/write", async () => {
    handled.push("write");
    return { ok: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as net.AddressInfo;
  return { port, handled };
}

async function connect(port: number): Promise<net.Socket> {
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const opened = net.connect(port, "127.0.0.1", () => resolve(opened));
    opened.once("error", reject);
  });
  sockets.push(socket);
  return socket;
}

const statusOf = (socket: net.Socket) => new Promise<number>((resolve) => socket.once("data", (chunk) => resolve(Number(chunk.toString("latin1").slice(9, 12)))));

/**
 * A crowd's reads, then a write, all reaching the server before it next reads its sockets (each
 * connection is open and accepted first; then every request is written in one go, straight into the
 * kernel's buffers). Resolves once every request is answered.
 */
async function crowdThenWrite(port: number): Promise<number[]> {
  const readers = await Promise.all(Array.from({ length: READERS }, () => connect(port)));
  const writer = await connect(port);
  await sleep(50);
  const answers = [...readers, writer].map(statusOf);
  readers.forEach((socket, n) => socket.write(`GET /read/${n} HTTP/1.1\r\nhost: x\r\n\r\n`));
  writer.write(`POST /write HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`);
  return Promise.all(answers);
}

it("answers a write read behind a crowd of reads before them, and every read after", async () => {
  const { port, handled } = await serverNotingOrder(true);
  const statuses = await crowdThenWrite(port);
  expect(statuses.every((status) => status === 200)).toBe(true);
  expect(handled.indexOf("write")).toBeLessThanOrEqual(READS_PER_TURN);
  expect(handled.filter((name) => name !== "write").sort()).toEqual(Array.from({ length: READERS }, (_, n) => `read ${n}`).sort());
});

it("without turns, the same write waits for the whole crowd (the case the turns are for)", async () => {
  const { port, handled } = await serverNotingOrder(false);
  await crowdThenWrite(port);
  expect(handled.indexOf("write")).toBe(READERS);
});
