import net from "node:net";
import type { Readable } from "node:stream";

export type ClamdVerdict = { clean: true } | { clean: false; signature: string };

/** clamd could not be reached or did not finish the scan; the file's scan is tried again later. */
export class ClamdUnavailableError extends Error {}

/** Largest chunk sent in one INSTREAM frame; clamd reads each frame whole. */
const MAX_FRAME = 64 * 1024;

function frame(chunk: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(chunk.length);
  return Buffer.concat([length, chunk]);
}

/**
 * Scans a stream with clamd's INSTREAM command over TCP (`tcp://host:port`): the bytes go in
 * length-prefixed frames ending with an empty one, and clamd answers `stream: OK` or
 * `stream: <signature> FOUND`. Socket backpressure is honoured, so a 100 MB file never sits in memory.
 */
export async function scanWithClamd(url: string, source: Readable, timeoutMs: number): Promise<ClamdVerdict> {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port) || 3310 });
  socket.setTimeout(timeoutMs);
  const reply: Buffer[] = [];
  const answered = new Promise<string>((resolve, reject) => {
    socket.on("data", (data: Buffer) => reply.push(data));
    socket.on("end", () => resolve(Buffer.concat(reply).toString("utf8").replace(/\0/g, "").trim()));
    socket.on("timeout", () => socket.destroy(new ClamdUnavailableError("clamd timed out")));
    socket.on("error", (error) => reject(new ClamdUnavailableError(`clamd: ${error.message}`)));
  });
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (socket.destroyed || socket.writableEnded) return reject(new ClamdUnavailableError("clamd closed the connection"));
      if (socket.write(bytes)) resolve();
      else {
        const onDrain = () => {
          socket.off("close", onClose);
          resolve();
        };
        const onClose = () => {
          socket.off("drain", onDrain);
          reject(new ClamdUnavailableError("clamd closed the connection"));
        };
        socket.once("drain", onDrain);
        socket.once("close", onClose);
      }
    });
  const send = (async () => {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    await write(Buffer.from("zINSTREAM\0"));
    for await (const chunk of source as AsyncIterable<Buffer>) {
      for (let at = 0; at < chunk.length; at += MAX_FRAME) await write(frame(chunk.subarray(at, at + MAX_FRAME)));
    }
    await write(Buffer.alloc(4));
  })();
  // clamd may answer (and close) before all bytes are sent, e.g. past its stream limit: its answer wins.
  const [sent, text] = await Promise.allSettled([send, answered]);
  socket.destroy();
  if (text.status === "rejected") throw text.reason;
  if (text.value.endsWith("OK") && sent.status === "fulfilled") return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(text.value);
  if (found) return { clean: false, signature: found[1]! };
  throw new ClamdUnavailableError(`clamd answered: ${text.value || "nothing"}`);
}
