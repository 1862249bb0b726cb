import http from "node:http";

// The ceiling for a position lookup: node:http answering a fixed JSON body of the same shape.
const body = JSON.stringify({
  status: "waiting",
  position: 2500,
  message: "You are number 2500 in the queue",
  estimated_wait: 9996,
  total_ahead: 2499,
  total_in_queue: 5000,
});

http
  .createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    response.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
