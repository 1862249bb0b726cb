import { FILE_MESSAGES } from "@common/files";
import { type Clock, toIso } from "../../lib/clock";
import type { FilesRepository, FileRow } from "./files.repository";
import { checkAudio } from "./scan/audio-check";
import { ClamdUnavailableError, scanWithClamd } from "./scan/clamd-client";
import type { FileStorage } from "./storage/file-storage";
import type { EventBus } from "../../events/domain-events";

/** A scan that claimed a file this long ago and never finished (its instance stopped) is taken over. */
const STALE_SCAN_MS = 10 * 60_000;
/** Tries before a file whose virus scan never completes is marked as an error. */
const MAX_SCAN_ATTEMPTS = 5;
const CLAMD_TIMEOUT_MS = 120_000;
/** Files the job scans per run. */
const SCAN_BATCH = 20;

type ScanOutcome = Pick<FileRow, "reason" | "content_type" | "duration_seconds"> & { status: "clean" | "error" };

const failed = (reason: string): ScanOutcome => ({ status: "error", reason, content_type: null, duration_seconds: null });

export interface FileScannerDeps {
  repository: FilesRepository;
  storage: FileStorage;
  clock: Clock;
  clamavUrl?: string;
  events: EventBus;
}

/**
 * Scans stored files one at a time in the background: the audio checks, then clamd when configured.
 * Each scan first claims its file in the database, so two instances (or the job and a fresh upload)
 * never scan the same file at once. A scan the scanner could not finish is left pending for the job.
 */
export function createFileScanner(deps: FileScannerDeps) {
  const { repository, storage } = deps;
  const waiting: string[] = [];
  let running: Promise<void> | null = null;
  let closed = false;

  async function examine(key: string, size: number): Promise<ScanOutcome | null> {
    const open = () => storage.read(key);
    try {
      const audio = await checkAudio(open, size);
      if (!audio.ok) return failed(audio.reason);
      if (deps.clamavUrl) {
        const verdict = await scanWithClamd(deps.clamavUrl, await open(), CLAMD_TIMEOUT_MS);
        if (!verdict.clean) return failed(FILE_MESSAGES.infected(verdict.signature));
      }
      return { status: "clean", reason: null, content_type: audio.contentType, duration_seconds: audio.durationSeconds };
    } catch (error) {
      if (!(error instanceof ClamdUnavailableError)) throw error;
      const attempts = await repository.deferScan(key);
      return attempts >= MAX_SCAN_ATTEMPTS ? failed(FILE_MESSAGES.scannerUnavailable) : null;
    }
  }

  /** Scans one file if it can claim it; false when another scan has it or it is not pending. */
  async function scanOne(key: string): Promise<boolean> {
    const at = deps.clock.now();
    if (!(await repository.claimScan(key, toIso(at), toIso(new Date(at.getTime() - STALE_SCAN_MS))))) return false;
    const row = await repository.find(key);
    const size = row?.size ?? (await storage.size(key));
    const outcome = size === null ? failed(FILE_MESSAGES.notFound) : await examine(key, size);
    if (!outcome) return false;
    await repository.finishScan(key, { ...outcome, scanned_at: toIso(deps.clock.now()) });
    await deps.events.emit("file.scanned", { key, status: outcome.status, duration_seconds: outcome.duration_seconds });
    return true;
  }

  async function drain(): Promise<void> {
    while (!closed) {
      const key = waiting.shift();
      if (!key) return;
      // A scan that fails here stays claimed; the job takes it over once the claim is stale.
      await scanOne(key).catch(() => false);
    }
  }

  return {
    /** Starts scanning a freshly stored file in the background. */
    enqueue(key: string): void {
      if (closed) return;
      waiting.push(key);
      running ??= drain().finally(() => {
        running = null;
      });
    },

    /** The job's run: scans pending files nobody is scanning; returns how many it finished. */
    async scanPending(): Promise<number> {
      const staleBefore = toIso(new Date(deps.clock.now().getTime() - STALE_SCAN_MS));
      let finished = 0;
      for (const key of await repository.scannableKeys(staleBefore, SCAN_BATCH)) {
        if (closed) break;
        if (await scanOne(key)) finished += 1;
      }
      return finished;
    },

    async close(): Promise<void> {
      closed = true;
      waiting.length = 0;
      await running;
    },
  };
}
