import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FILE_KEY_PATTERN, LOCAL_UPLOAD_PREFIX, keyFromLocalUploadLink } from "@common/files";
import { FileTooLargeError, type ByteRange, type FileStorage } from "./file-storage";

/** Counts the bytes going by and stops the stream past `maxBytes` with FileTooLargeError. */
class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) callback(new FileTooLargeError(this.maxBytes));
    else callback(null, chunk);
  }
}

/**
 * Files on local disk under `root`, spread over 256 folders by the key's first two characters. Bytes
 * are written to a partial file in `root/.partial` and renamed into place only once complete.
 */
export function createLocalStorage(root: string): FileStorage {
  const partialDir = path.join(root, ".partial");

  function pathFor(key: string): string {
    // Keys come from this app, but a path is built from them: refuse anything that is not one.
    if (!FILE_KEY_PATTERN.test(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`);
    return path.join(root, key.slice(0, 2), key);
  }

  return {
    async write(key, source, maxBytes) {
      const target = pathFor(key);
      await fs.promises.mkdir(partialDir, { recursive: true });
      const partial = path.join(partialDir, `${key}.${randomBytes(6).toString("hex")}`);
      const counter = new ByteLimit(maxBytes);
      try {
        await pipeline(source, counter, fs.createWriteStream(partial, { flags: "wx" }));
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(partial, target);
        return counter.bytes;
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },

    async read(key, range?: ByteRange): Promise<Readable> {
      const file = pathFor(key);
      const stream = fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
      await new Promise<void>((resolve, reject) => {
        stream.once("open", () => resolve());
        stream.once("error", reject);
      });
      return stream;
    },

    async size(key) {
      try {
        return (await fs.promises.stat(pathFor(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async remove(key) {
      await fs.promises.rm(pathFor(key), { force: true });
    },

    async removePartials(before) {
      const names = await fs.promises.readdir(partialDir).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(partialDir, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (stat && stat.mtime < before) await fs.promises.rm(file, { force: true });
      }
    },

    reference(key) {
      return `${LOCAL_UPLOAD_PREFIX}${key}`;
    },

    keyOf: keyFromLocalUploadLink,

    // The disk is only this instance's: the bytes always go through the app's download URL.
    directDownloadUrl: async () => null,

    close() {},
  };
}
