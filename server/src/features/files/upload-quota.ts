import { FILE_MESSAGES, STORAGE_FULL_STATUS } from "@common/files";
import type { Config } from "../../config";
import type { Clock } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import type { FilesRepository } from "./files.repository";

/** An upload that no entry or draft uses is deleted this long after it arrived (or was asked for). */
export const UNATTACHED_UPLOAD_MS = 3600_000;
/** The shortest wait a refusal asks for: scans finish and uploads get used within about that. */
const MIN_RETRY_SECONDS = 60;

export interface UploadQuotaDeps {
  repository: FilesRepository;
  clock: Clock;
  config: Config;
}

/**
 * The space uploads may hold before anyone uses them: every upload counts (its declared size, else 100
 * MB, then its real size) until it is scanned and an entry or draft carries it, or it is deleted. One
 * address may hold `pendingBytesPerAddress` (429 past it), everyone together `pendingBytesTotal` (507).
 */
export function createUploadQuota(deps: UploadQuotaDeps) {
  /** Seconds until the oldest counted upload is old enough to be deleted if still unused. */
  function retryAfter(oldest: string | null): number {
    const freedAt = oldest ? Date.parse(oldest) + UNATTACHED_UPLOAD_MS : 0;
    const seconds = Math.ceil((freedAt - deps.clock.now().getTime()) / 1000);
    return Math.min(Math.max(seconds, MIN_RETRY_SECONDS), UNATTACHED_UPLOAD_MS / 1000);
  }

  return {
    /**
     * Called once the upload `key` is recorded (so that two uploads at once both count): refuses it, and
     * forgets it, when its address or everyone is over the limit with it.
     */
    async admit(key: string, address: string): Promise<void> {
      const { pendingBytesPerAddress, pendingBytesTotal } = deps.config.files;
      const mine = await deps.repository.pendingBytes(address);
      if (mine.bytes > pendingBytesPerAddress) {
        await deps.repository.remove(key);
        throw new AppError(429, FILE_MESSAGES.tooManyPendingUploads, { "retry-after": String(retryAfter(mine.oldest)) });
      }
      const everyone = await deps.repository.pendingBytes();
      if (everyone.bytes > pendingBytesTotal) {
        await deps.repository.remove(key);
        throw new AppError(STORAGE_FULL_STATUS, FILE_MESSAGES.storageFull, { "retry-after": String(retryAfter(everyone.oldest)) });
      }
    },
  };
}
