import type { FastifyInstance } from "fastify";

/** Reads answered in one turn of the event loop; the rest wait for later turns, after new input is read. */
export const READS_PER_TURN = 32;
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const MULTIPART = /^\s*multipart\//i;

/**
 * Requests are answered in turns. Those read from the network in one turn of the event loop are
 * handled together once it has read them all (its check phase): every write first (a submission, an
 * admin's change), then up to READS_PER_TURN reads, the others in the turns that follow. Uploads
 * (multipart) are not held back.
 *
 * Two things come of it. A crowd refreshing together (5,000 viewers asking for their position a
 * second after each change) no longer stands in front of the host's next change: the change waits
 * for their requests to be read, not answered. And handling a turn's requests back to back costs less
 * CPU than handling each as it is read (bench/RESULTS.md, "Requests in turns").
 */
export function registerRequestTurns(app: FastifyInstance): void {
  let writes: (() => void)[] = [];
  const reads: (() => void)[] = [];
  let scheduled = false;

  function runTurn(): void {
    const turnWrites = writes;
    writes = [];
    for (const proceed of turnWrites) proceed();
    for (const proceed of reads.splice(0, READS_PER_TURN)) proceed();
    if (writes.length > 0 || reads.length > 0) setImmediate(runTurn);
    else scheduled = false;
  }

  app.addHook("onRequest", (request, _reply, done) => {
    // Uploads go at once: held back, one whose body had already arrived whole but cut off inside a
    // part was never answered (files/malformed-upload.routes.test.ts).
    if (MULTIPART.test(request.headers["content-type"] ?? "")) return done();
    (READ_METHODS.has(request.method) ? reads : writes).push(done);
    if (!scheduled) {
      scheduled = true;
      setImmediate(runTurn);
    }
  });
}
