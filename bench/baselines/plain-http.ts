import http from "node:http";
import { randomBytes } from "node:crypto";

// The ceiling for a position lookup: node:http answering a fixed JSON body of the same shape.
const body = JSON.stringify({
  status: "waiting",
  position: 2500,
  message: "You are number 2500 in the queue",
  estimated_wait: 9996,
  total_ahead: 2499,
  total_in_queue: 5000,
});

// The floor for a list refetch: `/list?bytes=N` answers N fixed bytes, as a ready gzip body would be.
const lists = new Map<number, Buffer>();
const listOf = (bytes: number) => lists.get(bytes) ?? lists.set(bytes, randomBytes(bytes)).get(bytes)!;

http
  .createServer((request, response) => {
    const bytes = Number(/[?&]bytes=(\d+)/.exec(request.url ?? "")?.[1] ?? 0);
    if (request.url?.startsWith("/list") && bytes > 0) {
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": bytes, etag: '"fixed"' });
      response.end(listOf(bytes));
      return;
    }
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    response.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
