import net from "node:net";

/** A stream clamd has received whole and not yet answered. */
export interface HeldScan {
  /** Bytes of the scanned stream: tells the test which file it is. */
  size: number;
  /** Answers `stream: OK`, ending this scan. */
  release(): void;
}

/**
 * A clamd on a real socket that speaks INSTREAM but answers only when the test releases each scan, so
 * a test sees which files are being scanned at once, and in which order, without waiting on time.
 */
export async function startHoldingClamd() {
  const arrived: HeldScan[] = [];
  const waiters: ((scan: HeldScan) => void)[] = [];
  const sockets = new Set<net.Socket>();
  let open = 0;
  let mostOpen = 0;
  let received = 0;

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffer = Buffer.alloc(0);
    let size = 0;
    let counted = false;
    let done = false;
    socket.on("data", (data: Buffer) => {
      if (done) return;
      buffer = Buffer.concat([buffer, data]);
      if (!counted && buffer.length >= 10) {
        counted = true;
        open += 1;
        mostOpen = Math.max(mostOpen, open);
        buffer = buffer.subarray(10); // "zINSTREAM\0"
      }
      while (counted && buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          done = true;
          received += 1;
          const scan: HeldScan = {
            size,
            release: () => {
              open -= 1;
              socket.end("stream: OK\0");
            },
          };
          const waiter = waiters.shift();
          if (waiter) waiter(scan);
          else arrived.push(scan);
          return;
        }
        if (buffer.length < 4 + length) return;
        size += length;
        buffer = buffer.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `tcp://127.0.0.1:${port}`,
    /** The next stream received whole, in the order they arrive. */
    next: () => new Promise<HeldScan>((resolve) => (arrived.length ? resolve(arrived.shift()!) : waiters.push(resolve))),
    /** Streams received whole so far. */
    received: () => received,
    /** The most scans that were open at one time. */
    mostOpen: () => mostOpen,
    async close(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
