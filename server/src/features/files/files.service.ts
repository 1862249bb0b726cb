import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { FILE_KEY_PATTERN, FILE_MESSAGES, presignUploadSchema, checkAudioFile, type PresignUploadInput, type PresignUploadResponse, type UploadReceipt } from "@common/files";
import { MAX_UPLOAD_BYTES } from "@common/limits";
import { MESSAGES } from "@common/messages";
import { QUEUE_MESSAGES, type FileScanStatus } from "@common/queue";
import type { Config } from "../../config";
import type { Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { badRequest, forbidden, payloadTooLarge } from "../../lib/errors";
import type { TokenService } from "../auth/token.service";
import { createFileScanner } from "./file-scanner";
import { createFilesRepository, type FileRow } from "./files.repository";
import { FileTooLargeError, type FileStorage } from "./storage/file-storage";
import type { EventBus } from "../../events/domain-events";
import type { Actor } from "../../lib/access";
import { parseInput } from "../../lib/validation";
import type { SettingsService } from "../settings/settings.service";
import { createUploadQuota } from "./upload-quota";
import { createFilesCleanup } from "./files-cleanup";
import { mayAttach, uploaderIdOf } from "./file-ownership";
import { createFileDownloads } from "./file-downloads";

const UPLOAD_PURPOSE = "file-upload";

export interface FilesServiceDeps {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  config: Config;
  storage: FileStorage;
  /** Carries `file.scanned` when a scan ends, so the queue lists show the result. */
  events: EventBus;
  /** Whether the queue takes submissions: presigned uploads follow the same gate. */
  settings: Pick<SettingsService, "queueStatus">;
}

/** Where an upload request came from: the app's address it reached, and the client's address. */
export interface UploadOrigin {
  origin: string;
  address: string;
}

/** A file as the queue attaches it to an entry. */
export interface AttachableFile {
  key: string;
  link: string;
}

const newKey = () => randomBytes(16).toString("hex");

/** A key from a request: anything but an opaque key (a path, `..`) is a 400 before it goes near the disk. */
export function requireKey(value: unknown): string {
  if (typeof value !== "string" || !FILE_KEY_PATTERN.test(value)) throw badRequest(FILE_MESSAGES.invalidKey);
  return value;
}

/** The wire status of a stored file; 'error' carries the reason. */
export function wireStatus(row: Pick<FileRow, "status">): FileScanStatus {
  return row.status === "clean" ? "clean" : row.status === "error" ? "error" : "pending";
}

/**
 * Uploaded audio: presigned single-use upload URLs, streaming storage capped at 100 MB, the background
 * scan, scan status for clients, downloads for admins (file-downloads.ts), and the link an entry carries.
 */
export function createFilesService(deps: FilesServiceDeps) {
  const repository = createFilesRepository(deps.db);
  const { storage } = deps;
  const now = () => toIso(deps.clock.now());
  const scanner = createFileScanner({
    ...deps,
    repository,
    clamavUrl: deps.config.files.clamavUrl,
    decoder: deps.config.files.decoder,
    concurrency: deps.config.files.scanConcurrency,
  });
  const quota = createUploadQuota({ ...deps, repository });
  const cleanup = createFilesCleanup({ ...deps, repository });
  const downloads = createFileDownloads({ ...deps, repository });

  /** Streams at most `limit` bytes into the stored file of `key`; a failure leaves no bytes behind. */
  async function storeBytes(key: string, source: Readable, limit: number): Promise<number> {
    try {
      return await storage.write(key, source, limit);
    } catch (error) {
      if (error instanceof FileTooLargeError) throw payloadTooLarge(MESSAGES.fileTooLarge);
      throw error;
    }
  }

  async function finishStore(key: string, size: number): Promise<UploadReceipt> {
    await repository.markStored(key, size, now());
    scanner.enqueue();
    return { key, size, status: "pending" };
  }

  function checkDeclared(filename: string, contentType: string): void {
    const problem = checkAudioFile({ name: filename, type: contentType });
    if (problem) throw badRequest(problem);
  }

  async function fileForKey(actor: Actor, key: string): Promise<AttachableFile | null> {
    const row = await repository.find(key);
    // A file refused by its scan has lost its bytes but keeps its reason, which the entry then shows.
    const gone = row?.deleted_at && row.status !== "error";
    if (!row || gone || row.status === "awaiting_upload" || row.status === "uploading") return null;
    if (actor.kind === "person" && !mayAttach(actor, row, await repository.usersOf(key))) throw forbidden(FILE_MESSAGES.notYourFile);
    return { key, link: storage.reference(key) };
  }

  /** Submissions closed or paused refuse uploads as they refuse entries; admins add entries either way. */
  async function requireAcceptingUploads(actor: Actor): Promise<void> {
    if (actor.kind === "admin") return;
    const status = await deps.settings.queueStatus();
    if (status === "closed") throw badRequest(MESSAGES.queueClosed);
    if (status === "busy") throw badRequest(QUEUE_MESSAGES.submissionsPaused);
  }

  /** Records a new upload for `actor` from `address`, within the pending-bytes limits. */
  async function recordUpload(actor: Actor, address: string, file: Pick<FileRow, "original_name" | "declared_type" | "status" | "reserved_bytes">) {
    const key = newKey();
    await repository.insert({ ...file, key, created_at: now(), uploader_id: uploaderIdOf(actor), uploader_address: address });
    await quota.admit(key, address);
    return key;
  }

  return {
    /**
     * POST files/presign-upload: a key, a short-lived upload URL on this app, and the entry link. Refused
     * while submissions are closed or paused (drafts, made for that time, pass `whileClosed`).
     */
    async presignUpload(actor: Actor, input: PresignUploadInput, from: UploadOrigin, options: { whileClosed?: boolean } = {}): Promise<PresignUploadResponse> {
      if (!options.whileClosed) await requireAcceptingUploads(actor);
      checkDeclared(input.filename, input.content_type);
      const key = await recordUpload(actor, from.address, {
        original_name: input.filename,
        declared_type: input.content_type,
        status: "awaiting_upload",
        reserved_bytes: input.size ?? MAX_UPLOAD_BYTES,
      });
      const { origin } = from;
      const ttl = deps.config.files.uploadUrlTtlSeconds;
      const token = await deps.tokens.signClaims({ key }, UPLOAD_PURPOSE, ttl);
      return {
        key,
        put_url: `${origin}/api/v1/files/upload/${key}?token=${encodeURIComponent(token)}`,
        s3_url: storage.reference(key),
        expires_in: ttl,
      };
    },

    /**
     * PUT put_url: the bytes of a presigned upload. The URL works once: a used, expired or forged one
     * is refused before any byte is read. An upload cut short may be tried again with the same URL.
     */
    async receiveUpload(key: string, token: string | undefined, body: Readable, declaredLength: number | null): Promise<UploadReceipt> {
      const claims = token ? await deps.tokens.verifyClaims(token, UPLOAD_PURPOSE) : null;
      if (!claims || claims.key !== key) throw forbidden(FILE_MESSAGES.uploadUrlInvalid);
      const limit = Math.min((await repository.find(key))?.reserved_bytes ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
      if (declaredLength !== null && declaredLength > limit) throw payloadTooLarge(MESSAGES.fileTooLarge);
      if (!(await repository.moveUploadState(key, "awaiting_upload", "uploading"))) throw forbidden(FILE_MESSAGES.uploadUrlInvalid);
      let size: number;
      try {
        size = await storeBytes(key, body, limit);
      } catch (error) {
        await repository.moveUploadState(key, "uploading", "awaiting_upload");
        throw error;
      }
      return finishStore(key, size);
    },

    requireAcceptingUploads,

    /**
     * A file sent inside a multipart request (upload-submission, upload-update), bound to `actor`. It
     * counts as `requestLength` bytes (the request's, at most 100 MB) until it is stored.
     */
    async storeUpload(
      actor: Actor,
      file: { filename: string; contentType: string; stream: Readable },
      from: { address: string; requestLength: number | null },
    ): Promise<AttachableFile> {
      // The multipart part's name and type obey the same text rules as a presigned upload's.
      parseInput(presignUploadSchema, { filename: file.filename, content_type: file.contentType }, "body");
      checkDeclared(file.filename, file.contentType);
      const reserved = Math.min(from.requestLength ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
      const key = await recordUpload(actor, from.address, {
        original_name: file.filename,
        declared_type: file.contentType,
        status: "uploading",
        reserved_bytes: reserved,
      });
      try {
        await finishStore(key, await storeBytes(key, file.stream, MAX_UPLOAD_BYTES));
      } catch (error) {
        await repository.remove(key);
        throw error;
      }
      return { key, link: storage.reference(key) };
    },

    /** Drops a file that was stored for an entry that was then refused; no entry points to it. */
    async discard(key: string): Promise<void> {
      await storage.remove(key);
      await repository.remove(key);
    },

    /**
     * The stored file an entry link refers to (the `s3_url` of a presigned upload), or null: for other
     * links, and for a file that never arrived or is gone, which the queue then refuses as a link.
     * 403 when the file is another submitter's.
     */
    async fileForLink(actor: Actor, link: string): Promise<AttachableFile | null> {
      const key = storage.keyOf(link);
      return key ? fileForKey(actor, key) : null;
    },

    /** The stored file of `key` as `actor`'s entry or draft attaches it, or null when it never arrived or is gone; 403 when another's. */
    fileForKey,

    /** Deletes the bytes of a file at once unless an entry uses it (a draft's file after 24 hours); true when deleted. */
    async expireUnused(key: string): Promise<boolean> {
      const at = now();
      if (!(await repository.markDeleted(key, at, at))) return false;
      await storage.remove(key);
      return true;
    },

    ...downloads,

    /** The queue's hook: scan status and real duration by key. */
    async describe(keys: string[]): Promise<Map<string, { status: FileScanStatus; duration_seconds: number | null }>> {
      const rows = await repository.findMany([...new Set(keys)]);
      return new Map(rows.map((row) => [row.key, { status: wireStatus(row), duration_seconds: row.duration_seconds }]));
    },

    /** Scans every pending file nobody is scanning (after a restart, or one whose scanner was unreachable). */
    scanPending: scanner.scanPending,

    deleteExpired: cleanup.deleteExpired,

    /** Waits for the scan in progress, and starts no other; the app calls it when closing. */
    async close(): Promise<void> {
      await scanner.close();
      storage.close();
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
