import type { Readable } from "node:stream";

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Raised by `write` when the stream goes past its byte limit; nothing of it is kept. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`stream exceeds ${maxBytes} bytes`);
  }
}

/**
 * Where uploaded files' bytes live. The local-disk driver is the default; the S3-compatible driver
 * implements the same calls (a multipart upload for `write`, a ranged GET for `read`).
 */
export interface FileStorage {
  /**
   * Streams `source` into the object `key`, never holding it whole in memory. Past `maxBytes` it stops
   * with FileTooLargeError. On any failure nothing is left behind; the object appears only when complete.
   * Returns the number of bytes stored.
   */
  write(key: string, source: Readable, maxBytes: number): Promise<number>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Removes what uploads cut off by a crash left half-written before `before`. */
  removePartials(before: Date): Promise<void>;
  /** The link an entry carries for this object (the spec's `s3_url`). */
  reference(key: string): string;
  /** The key of a link `reference` made, or null for any other link. */
  keyOf(link: string): string | null;
  /**
   * A URL the host's player can fetch the object from directly (ranged, for `expiresInSeconds`), or
   * null when the bytes go through the app's own signed download URL.
   */
  directDownloadUrl(key: string, expiresInSeconds: number, contentType: string): Promise<string | null>;
  /** Lets go of connections when the app closes. */
  close(): void;
}
