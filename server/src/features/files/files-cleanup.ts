import type { Config } from "../../config";
import { type Clock, toIso } from "../../lib/clock";
import type { FilesRepository } from "./files.repository";
import type { FileStorage } from "./storage/file-storage";
import { UNATTACHED_UPLOAD_MS } from "./upload-quota";

/** Files deleted per kind and run; the next run takes the rest. */
const BATCH = 500;

export interface FilesCleanupDeps {
  repository: FilesRepository;
  storage: FileStorage;
  clock: Clock;
  config: Config;
}

/** What the `deleteExpiredFiles` job deletes. */
export function createFilesCleanup(deps: FilesCleanupDeps) {
  const { repository, storage } = deps;
  return {
    /**
     * Deletes the bytes of files that failed their scan (if the delete right after the scan did not
     * happen), of files no entry or draft took within an hour, and of files no live entry points to
     * once the retention time has passed since the last entry using them was played or removed;
     * forgets upload URLs never used. Each delete re-checks its rule in one conditional update, so a
     * file an entry points to is never deleted. Returns files deleted.
     */
    async deleteExpired(): Promise<number> {
      const at = deps.clock.now();
      const nowIso = toIso(at);
      const cutoff = toIso(new Date(at.getTime() - deps.config.files.retentionMs));
      const unattachedBefore = toIso(new Date(at.getTime() - UNATTACHED_UPLOAD_MS));
      const unfinishedBefore = toIso(new Date(at.getTime() - (deps.config.files.uploadUrlTtlSeconds + 3600) * 1000));
      await repository.removeUnfinishedUploads(unfinishedBefore);
      await storage.removePartials(new Date(unfinishedBefore));
      const kinds: [string[], (key: string) => Promise<boolean>][] = [
        [await repository.refusedKeys(BATCH), (key) => repository.markRefusedDeleted(key, nowIso)],
        [await repository.unattachedKeys(unattachedBefore, BATCH), (key) => repository.markUnattachedDeleted(key, unattachedBefore, nowIso)],
        [await repository.expiredKeys(cutoff, BATCH), (key) => repository.markDeleted(key, cutoff, nowIso)],
      ];
      let deleted = 0;
      for (const [keys, markDeleted] of kinds) {
        for (const key of keys) {
          if (!(await markDeleted(key))) continue;
          await storage.remove(key);
          deleted += 1;
        }
      }
      return deleted;
    },
  };
}
