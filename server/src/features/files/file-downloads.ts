import type { Readable } from "node:stream";
import { FILE_MESSAGES, type FilePresignResponse } from "@common/files";
import type { Config } from "../../config";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { type Actor, requireAdmin } from "../../lib/access";
import type { TokenService } from "../auth/token.service";
import type { FileRow, FilesRepository } from "./files.repository";
import { playbackGainDb } from "./loudness";
import type { ByteRange, FileStorage } from "./storage/file-storage";

const DOWNLOAD_PURPOSE = "file-download";

/** What the download route streams. */
export interface FileDownload {
  stream: Readable;
  size: number;
  contentType: string;
  range: ByteRange | null;
}

/**
 * The answer for a file that is not (yet) clean: 400 while it is scanned, as the spec's clients expect.
 * A file that failed its scan keeps answering why, after its bytes are gone.
 */
function notPlayable(row: FileRow | undefined): AppError {
  if (!row || row.status === "awaiting_upload" || row.status === "uploading") return notFound(FILE_MESSAGES.notFound);
  if (row.status === "error") return conflict(FILE_MESSAGES.scanFailed(row.reason ?? FILE_MESSAGES.notAllowedAudio));
  if (row.deleted_at) return new AppError(410, FILE_MESSAGES.deleted);
  return badRequest(FILE_MESSAGES.scanPending);
}

/** Playing a stored file: the signed URL the host's player gets, and the bytes behind it. */
export function createFileDownloads(deps: { repository: FilesRepository; storage: FileStorage; tokens: TokenService; config: Config }) {
  const { repository, storage } = deps;
  return {
    /** GET files/presign?key=: 200 with a URL when clean, 400 while pending, another error otherwise. */
    async presign(actor: Actor, key: string, origin: string): Promise<FilePresignResponse> {
      const row = await repository.find(key);
      if (!row || row.status !== "clean" || row.deleted_at) throw notPlayable(row);
      const contentType = row.content_type ?? row.declared_type;
      const ttl = deps.config.files.downloadUrlTtlSeconds;
      let url = `${origin}/api/v1/files/download?key=${key}`;
      if (actor.kind === "admin") {
        url = (await storage.directDownloadUrl(key, ttl, contentType)) ?? `${url}&token=${encodeURIComponent(await deps.tokens.signClaims({ key }, DOWNLOAD_PURPOSE, ttl))}`;
      }
      return {
        key,
        status: "clean",
        url,
        content_type: contentType,
        size: row.size ?? 0,
        duration_seconds: row.duration_seconds,
        loudness_lufs: row.loudness_lufs,
        true_peak_dbtp: row.true_peak_dbtp,
        gain_db: playbackGainDb(row, deps.config.files.loudnessTargetLufs),
      };
    },

    /** A download needs the signed URL's token for that file, or an admin. */
    async requireDownloadAccess(actor: Actor, key: string, token: string | undefined): Promise<void> {
      const claims = token ? await deps.tokens.verifyClaims(token, DOWNLOAD_PURPOSE) : null;
      if (claims?.key !== key) requireAdmin(actor);
    },

    /** The bytes of a clean file for an admin, whole or the requested range. */
    async openDownload(key: string, range: (size: number) => ByteRange | null): Promise<FileDownload> {
      const row = await repository.find(key);
      if (!row || row.status !== "clean" || row.deleted_at) throw notPlayable(row);
      const size = await storage.size(key);
      if (size === null) throw new AppError(410, FILE_MESSAGES.deleted);
      const wanted = range(size);
      return { stream: await storage.read(key, wanted ?? undefined), size, contentType: row.content_type ?? row.declared_type, range: wanted };
    },
  };
}
