import { PassThrough, type Readable } from "node:stream";

/**
 * The bytes of an upload as a stream of their own. Storage may stop reading it early (too large) or
 * destroy it on failure without tearing down the request, so the client still gets the 413; `abandon`
 * then discards whatever else the client sends. A client that goes away fails the stream.
 */
export function detachBody(source: Readable): { body: Readable; abandon(): void } {
  const body = new PassThrough();
  source.pipe(body);
  source.once("error", (error) => body.destroy(error));
  source.once("close", () => {
    if (!source.readableEnded) body.destroy(new Error("the upload was cut off"));
  });
  return {
    body,
    abandon() {
      source.unpipe(body);
      if (!source.readableEnded) source.resume();
    },
  };
}
