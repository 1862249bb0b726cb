import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { FILE_KEY_PATTERN } from "@common/files";
import { FileTooLargeError, type ByteRange, type FileStorage } from "./file-storage";
import { requireOnDemand } from "../../../lib/require-on-demand";

/** Where the bucket is and how to reach it (the S3_* settings). */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, …); AWS's own when unset. */
  endpoint: string | null;
  /** Without both, the SDK's usual chain applies (AWS_* variables, shared files, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`, as most self-hosted stores want. */
  forcePathStyle: boolean;
  /** Start of every object key this app writes (`uploads/`), so a shared bucket keeps them apart. */
  keyPrefix: string;
  /** Hand the host's player presigned GET URLs of the bucket instead of the app's download URL. */
  presignedDownloads: boolean;
}

/** The smallest part S3 takes; a multipart upload buffers at most PART_SIZE × (QUEUE_SIZE + 1) at once. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** SigV4 presigned URLs work at most a week. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/** Passes the bytes of `source` on and stops with FileTooLargeError past `maxBytes`; counts them in `total`. */
async function* limited(source: Readable, maxBytes: number, total: { bytes: number }): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total.bytes += buffer.length;
    if (total.bytes > maxBytes) throw new FileTooLargeError(maxBytes);
    yield buffer;
  }
}

type S3Sdk = typeof import("@aws-sdk/client-s3");

const isNotFound = (sdk: S3Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey");

/**
 * The address objects of the bucket have: `{address}` of the spec's stored-object reference. With path
 * style `https://host/bucket/`, otherwise `https://bucket.host/` (AWS: `https://bucket.s3.region.amazonaws.com/`).
 */
export function bucketAddress(options: Pick<S3StorageOptions, "bucket" | "region" | "endpoint" | "forcePathStyle">): string {
  const base = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const path = base.pathname.replace(/\/+$/, "");
  if (options.forcePathStyle) return `${base.protocol}//${base.host}${path}/${options.bucket}/`;
  const host = options.endpoint ? base.host : `s3.${options.region}.amazonaws.com`;
  return `${base.protocol}//${options.bucket}.${host}${path}/`;
}

/**
 * Files in an S3-compatible bucket. `write` streams a multipart upload (lib-storage) capped at the
 * byte limit and aborted on any failure, so an object appears only whole; `read` is a (ranged) GET,
 * `size` a HEAD, and uploads cut off by a crash are aborted by `removePartials`. Every instance
 * pointed at the same bucket sees the same files.
 */
export function createS3Storage(options: S3StorageOptions, client?: S3Client): FileStorage {
  // The SDK loads only when S3 is configured: a server keeping files on its disk never holds it.
  const sdk = requireOnDemand<S3Sdk>("@aws-sdk/client-s3");
  const { Upload } = requireOnDemand<typeof import("@aws-sdk/lib-storage")>("@aws-sdk/lib-storage");
  const { getSignedUrl } = requireOnDemand<typeof import("@aws-sdk/s3-request-presigner")>("@aws-sdk/s3-request-presigner");
  const s3 =
    client ??
    new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint ?? undefined,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials ?? undefined,
      // S3-compatible stores do not all take the newer default checksums; send them only where required.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  const Bucket = options.bucket;
  const address = `${bucketAddress(options)}${options.keyPrefix}`;

  function objectKey(key: string): string {
    // Keys come from this app; refuse anything else before it names an object.
    if (!FILE_KEY_PATTERN.test(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`);
    return `${options.keyPrefix}${key}`;
  }

  return {
    async write(key, source, maxBytes) {
      const total = { bytes: 0 };
      const upload = new Upload({
        client: s3,
        params: { Bucket, Key: objectKey(key), Body: Readable.from(limited(source, maxBytes, total)) },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        source.destroy();
        throw error;
      }
      return total.bytes;
    },

    async read(key, range?: ByteRange) {
      const answer = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      return answer.Body as Readable;
    },

    async size(key) {
      try {
        return (await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key) }))).ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(sdk, error)) return null;
        throw error;
      }
    },

    async remove(key) {
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async removePartials(before) {
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (;;) {
        const page = await s3.send(new sdk.ListMultipartUploadsCommand({ Bucket, Prefix: options.keyPrefix, KeyMarker, UploadIdMarker }));
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
          await s3.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId })).catch((error: unknown) => {
            if (!isNotFound(sdk, error)) throw error;
          });
        }
        if (!page.IsTruncated) return;
        KeyMarker = page.NextKeyMarker;
        UploadIdMarker = page.NextUploadIdMarker;
      }
    },

    reference(key) {
      objectKey(key);
      return `${address}${key}`;
    },

    keyOf(link) {
      if (!link.startsWith(address)) return null;
      const key = link.slice(address.length);
      return FILE_KEY_PATTERN.test(key) ? key : null;
    },

    async directDownloadUrl(key, expiresInSeconds, contentType) {
      if (!options.presignedDownloads) return null;
      const command = new sdk.GetObjectCommand({ Bucket, Key: objectKey(key), ResponseContentType: contentType });
      return getSignedUrl(s3, command, { expiresIn: Math.min(expiresInSeconds, MAX_PRESIGN_SECONDS) });
    },

    close() {
      if (!client) s3.destroy();
    },
  };
}
