import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { CreateMultipartUploadCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config";
import { startTestS3, type TestS3 } from "../../../test/s3";
import { FileTooLargeError, type FileStorage } from "./file-storage";
import { bucketAddress, createS3Storage, type S3StorageOptions } from "./s3-storage";

const MB = 1024 * 1024;
const newKey = () => randomBytes(16).toString("hex");

/** `bytes` as a stream of 64 KB chunks, as a request body arrives; fails with `failAt` bytes sent when given. */
function streamOf(bytes: Buffer, failAt?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) {
        if (failAt !== undefined && at >= failAt) throw new Error("the client went away");
        yield bytes.subarray(at, at + 64 * 1024);
      }
    })(),
  );
}

describe("the S3-compatible file storage", () => {
  let s3: TestS3;
  let options: S3StorageOptions;
  let storage: FileStorage;

  beforeAll(async () => {
    s3 = await startTestS3();
    options = loadConfig({ ...s3.env, DATA_DIR: "/nonexistent" }).files.s3!;
    storage = createS3Storage(options);
  });
  afterAll(async () => {
    storage.close();
    await s3.close();
  });
  beforeEach(async () => {
    for (const key of await s3.objectKeys()) await storage.remove(key.replace(options.keyPrefix, ""));
    await storage.removePartials(new Date(Date.now() + 60_000));
  });

  it("stores a stream under the key prefix and reads it back whole and by byte range", async () => {
    const key = newKey();
    const bytes = randomBytes(300_000);
    expect(await storage.write(key, streamOf(bytes), MB)).toBe(bytes.length);
    expect(await s3.objectKeys()).toEqual([`uploads/${key}`]);
    expect(await storage.size(key)).toBe(bytes.length);
    expect((await buffer(await storage.read(key))).equals(bytes)).toBe(true);
    expect((await buffer(await storage.read(key, { start: 1000, end: 1999 }))).equals(bytes.subarray(1000, 2000))).toBe(true);
    expect((await buffer(await storage.read(key, { start: bytes.length - 10, end: bytes.length - 1 }))).equals(bytes.subarray(-10))).toBe(true);
  });

  it("streams a file larger than one part as a multipart upload", async () => {
    const key = newKey();
    const bytes = randomBytes(12 * MB + 123);
    expect(await storage.write(key, streamOf(bytes), 20 * MB)).toBe(bytes.length);
    expect(await storage.size(key)).toBe(bytes.length);
    const tail = await buffer(await storage.read(key, { start: 10 * MB, end: bytes.length - 1 }));
    expect(tail.equals(bytes.subarray(10 * MB))).toBe(true);
    expect(await s3.openUploads()).toEqual([]);
  });

  it("stops a stream past its byte limit and keeps nothing of it, in one part or in several", async () => {
    const small = newKey();
    await expect(storage.write(small, streamOf(randomBytes(200_000)), 100_000)).rejects.toBeInstanceOf(FileTooLargeError);
    const large = newKey();
    await expect(storage.write(large, streamOf(randomBytes(14 * MB)), 12 * MB)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.size(small)).toBeNull();
    expect(await storage.size(large)).toBeNull();
    expect(await s3.objectKeys()).toEqual([]);
    expect(await s3.openUploads()).toEqual([]);
  });

  it("keeps nothing of an upload whose sender goes away halfway", async () => {
    const key = newKey();
    await expect(storage.write(key, streamOf(randomBytes(12 * MB), 11 * MB), 20 * MB)).rejects.toThrow("the client went away");
    expect(await storage.size(key)).toBeNull();
    expect(await s3.objectKeys()).toEqual([]);
    expect(await s3.openUploads()).toEqual([]);
  });

  it("answers null for the size of a missing object, and removes an object for good", async () => {
    const key = newKey();
    expect(await storage.size(key)).toBeNull();
    await storage.write(key, streamOf(Buffer.from("bytes")), MB);
    await storage.remove(key);
    expect(await storage.size(key)).toBeNull();
    await expect(storage.read(key)).rejects.toThrow();
    await storage.remove(key);
  });

  it("aborts multipart uploads a crash left open before the cutoff, and only those", async () => {
    const key = newKey();
    await s3.client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: `uploads/${key}` }));
    await storage.removePartials(new Date(Date.now() - 60_000));
    expect(await s3.openUploads()).toEqual([`uploads/${key}`]);
    await storage.removePartials(new Date(Date.now() + 1000));
    expect(await s3.openUploads()).toEqual([]);
  });

  it("links an entry to the object's address in the bucket and reads the key back from that link only", () => {
    const key = newKey();
    const link = storage.reference(key);
    expect(link).toBe(`${s3.endpoint}/${s3.bucket}/uploads/${key}`);
    expect(storage.keyOf(link)).toBe(key);
    expect(storage.keyOf(`file:/uploads/${key}`)).toBeNull();
    expect(storage.keyOf(`${s3.endpoint}/${s3.bucket}/uploads/../${key}`)).toBeNull();
    expect(storage.keyOf(`https://example.com/${s3.bucket}/uploads/${key}`)).toBeNull();
    expect(() => storage.reference("../etc/passwd")).toThrow();
  });

  it("gives the addresses S3 itself and a virtual-hosted store use for their objects", () => {
    const aws = { bucket: "songs", region: "eu-west-1", endpoint: null };
    expect(bucketAddress({ ...aws, forcePathStyle: false })).toBe("https://songs.s3.eu-west-1.amazonaws.com/");
    expect(bucketAddress({ ...aws, forcePathStyle: true })).toBe("https://s3.eu-west-1.amazonaws.com/songs/");
    expect(bucketAddress({ ...aws, endpoint: "https://store.example.com:9000/", forcePathStyle: false })).toBe("https://songs.store.example.com:9000/");
  });

  it("hands out presigned ranged GET URLs of the bucket only when asked to", async () => {
    const key = newKey();
    const bytes = randomBytes(50_000);
    await storage.write(key, streamOf(bytes), MB);
    expect(await storage.directDownloadUrl(key, 600, "audio/mpeg")).toBeNull();

    const presigning = createS3Storage({ ...options, presignedDownloads: true });
    const url = await presigning.directDownloadUrl(key, 600, "audio/mpeg");
    presigning.close();
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/uploads/${key}\\?.*X-Amz-Signature=`));
    const ranged = await fetch(url!, { headers: { range: "bytes=100-199" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("audio/mpeg");
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    expect((await fetch(url!.replace(/X-Amz-Signature=\w+/, "X-Amz-Signature=0000"))).status).toBe(403);
  });
});

describe("the storage settings", () => {
  it("keeps files on local disk unless a bucket is named", () => {
    expect(loadConfig({}).files.s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: "songs" }).files.s3).toEqual({
      bucket: "songs",
      region: "us-east-1",
      endpoint: null,
      credentials: null,
      forcePathStyle: false,
      keyPrefix: "uploads/",
      presignedDownloads: false,
    });
  });

  it("refuses a key without its secret, a bad bucket name and a prefix that is not a folder", () => {
    expect(() => loadConfig({ S3_BUCKET: "songs", S3_ACCESS_KEY_ID: "id" })).toThrow("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
    expect(() => loadConfig({ S3_BUCKET: "Songs_Bucket" })).toThrow("S3_BUCKET: must be an S3 bucket name");
    expect(() => loadConfig({ S3_BUCKET: "songs", S3_KEY_PREFIX: "uploads" })).toThrow("S3_KEY_PREFIX");
  });
});
