import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import S3rver from "@20minutes/s3rver";
import { ListMultipartUploadsCommand, S3Client } from "@aws-sdk/client-s3";

/** s3rver's built-in account: it checks request signatures against this key pair. */
const ACCESS_KEY = "S3RVER";
/** How s3rver names the file holding an object's bytes. */
const OBJECT_SUFFIX = "._S3rver_object";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point an app at this store. */
  env: Record<string, string>;
  /** A real AWS client on this store, for looking at what the app left there. */
  client: S3Client;
  /** Object keys in the bucket. */
  objectKeys(): Promise<string[]>;
  /** Keys of multipart uploads begun and neither completed nor aborted. */
  openUploads(): Promise<string[]>;
  close(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

/**
 * ListMultipartUploads and AbortMultipartUpload, which s3rver leaves out, over its own store: an open
 * upload is a folder named by its id holding the object key, as S3 and MinIO keep them until aborted.
 * They run before s3rver's signature check, which refuses every bucket-level call the SDK signs.
 */
async function multipartCalls(ctx: KoaContext, next: () => Promise<void>): Promise<void> {
  const bucketOnly = /^\/([^/]+)\/?$/.exec(ctx.path);
  const object = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
  if (ctx.method === "GET" && bucketOnly && "uploads" in ctx.query) {
    const bucket = bucketOnly[1]!;
    const root = ctx.store.getResourcePath(bucket, undefined, "uploads");
    const ids = fs.existsSync(root) ? fs.readdirSync(root) : [];
    const uploads = ids.map((id) => ({
      Key: fs.readFileSync(path.join(root, id, "key"), "utf8"),
      UploadId: id,
      Initiated: fs.statSync(path.join(root, id, "key")).mtime.toISOString(),
    }));
    const prefix = ctx.query.prefix ?? "";
    ctx.body = { ListMultipartUploadsResult: { Bucket: bucket, IsTruncated: false, Upload: uploads.filter((upload) => upload.Key.startsWith(prefix)) } };
    return;
  }
  if (ctx.method === "DELETE" && object && ctx.query.uploadId) {
    const root = ctx.store.getResourcePath(object[1]!, undefined, "uploads");
    const folder = path.join(root, path.basename(ctx.query.uploadId));
    if (!fs.existsSync(folder)) {
      ctx.status = 404;
      ctx.body = { Error: { Code: "NoSuchUpload", Message: "The specified upload does not exist." } };
      return;
    }
    fs.rmSync(folder, { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  await next();
}

/** An S3-compatible server (s3rver) on a free port of this process, with one empty bucket. */
export async function startTestS3(bucket = "livequeue-test"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  // Before the router, which is the last middleware s3rver installs.
  server.middleware.splice(server.middleware.length - 1, 0, multipartCalls);
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: "true",
  };
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return {
    endpoint,
    bucket,
    env,
    client,
    async objectKeys() {
      // Read from s3rver's folder: it refuses the SDK's signature of bucket-level calls (it drops the path's final /).
      const root = path.join(directory, bucket);
      return fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).slice(0, -OBJECT_SUFFIX.length))
        .sort();
    },
    async openUploads() {
      const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return (listed.Uploads ?? []).map((upload) => upload.Key!);
    },
    async close() {
      client.destroy();
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
