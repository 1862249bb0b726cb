import { PassThrough, type Readable } from "node:stream";
import { MESSAGES } from "@common/messages";
import { badRequest } from "../../lib/errors";

/**
 * The bytes of an upload as a stream of their own. Storage may stop reading it early (too large) or
 * destroy it on failure without tearing down the request, so the client still gets the 413; `abandon`
 * then discards whatever else the client sends. A body that is cut off (the client went away, or a
 * multipart part ended before its boundary) fails the stream with a 400.
 */
export function detachBody(source: Readable): { body: Readable; abandon(): void } {
  const body = new PassThrough();
  // Storage may start reading only after an await; until then the failure waits on the stream (its
  // reader sees it) instead of being an 'error' event nobody listens to, which would end the process.
  body.on("error", () => {});
  const cutOff = () => {
    if (!body.destroyed) body.destroy(badRequest(MESSAGES.malformedUpload));
  };
  source.pipe(body);
  source.on("error", cutOff);
  source.once("close", () => {
    if (!source.readableEnded) cutOff();
  });
  return {
    body,
    abandon() {
      source.unpipe(body);
      if (!source.readableEnded) source.resume();
    },
  };
}
