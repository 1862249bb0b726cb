import { FILE_MESSAGES } from "@common/files";
import { type Clock, toIso } from "../../lib/clock";
import type { FilesRepository, FileRow } from "./files.repository";
import { checkAudio } from "./scan/audio-check";
import { ClamdUnavailableError, scanWithClamd } from "./scan/clamd-client";
import { DecoderUnavailableError, type DecoderOptions } from "./scan/ffmpeg-decode";
import type { FileStorage } from "./storage/file-storage";
import type { EventBus } from "../../events/domain-events";

/** A scan that claimed a file this long ago and never finished (its instance stopped) is taken over. */
const STALE_SCAN_MS = 10 * 60_000;
/** Tries before a file whose virus scan never completes is marked as an error. */
const MAX_SCAN_ATTEMPTS = 5;
/** How long a file whose virus scan could not run waits before it is tried again. */
const SCAN_RETRY_MS = 60_000;
const CLAMD_TIMEOUT_MS = 120_000;

type ScanOutcome = Pick<FileRow, "reason" | "content_type" | "duration_seconds" | "loudness_lufs" | "true_peak_dbtp"> & { status: "clean" | "error" };

const failed = (reason: string): ScanOutcome => ({ status: "error", reason, content_type: null, duration_seconds: null, loudness_lufs: null, true_peak_dbtp: null });

export interface FileScannerDeps {
  repository: FilesRepository;
  storage: FileStorage;
  clock: Clock;
  clamavUrl?: string;
  /** The ffmpeg that decodes each file whole and measures its loudness. */
  decoder: DecoderOptions;
  /** Scans this instance runs at once. */
  concurrency: number;
  events: EventBus;
}

/**
 * Scans stored files in the background, up to `concurrency` at once, always the smallest waiting file
 * next, so one huge file never holds up the others: the audio checks and ffmpeg's decode (which
 * measures the loudness), then clamd when configured.
 * Each scan first claims its file in the database, so two instances (or the job and a fresh upload)
 * never scan the same file. A scan that could not finish is left pending for a later try. A file that
 * fails its scan has its bytes deleted at once; its status and reason stay for the entry to show.
 */
export function createFileScanner(deps: FileScannerDeps) {
  const { repository, storage } = deps;
  const running = new Set<Promise<void>>();
  let filling: Promise<void> | null = null;
  let fillAgain = false;
  let closed = false;

  async function examine(key: string, size: number): Promise<ScanOutcome | null> {
    const open = () => storage.read(key);
    try {
      const audio = await checkAudio(open, size, deps.decoder);
      if (!audio.ok) return failed(audio.reason);
      if (deps.clamavUrl) {
        const verdict = await scanWithClamd(deps.clamavUrl, await open(), CLAMD_TIMEOUT_MS);
        if (!verdict.clean) return failed(FILE_MESSAGES.infected(verdict.signature));
      }
      return {
        status: "clean",
        reason: null,
        content_type: audio.contentType,
        duration_seconds: audio.durationSeconds,
        loudness_lufs: audio.loudnessLufs,
        true_peak_dbtp: audio.truePeakDbtp,
      };
    } catch (error) {
      if (!(error instanceof ClamdUnavailableError || error instanceof DecoderUnavailableError)) throw error;
      const attempts = await repository.deferScan(key, toIso(new Date(deps.clock.now().getTime() + SCAN_RETRY_MS)));
      return attempts >= MAX_SCAN_ATTEMPTS ? failed(FILE_MESSAGES.scannerUnavailable) : null;
    }
  }

  /** Scans a file this instance has claimed. */
  async function scanClaimed(key: string): Promise<void> {
    const row = await repository.find(key);
    const size = row?.size ?? (await storage.size(key));
    const outcome = size === null ? failed(FILE_MESSAGES.notFound) : await examine(key, size);
    if (!outcome) return;
    await repository.finishScan(key, { ...outcome, scanned_at: toIso(deps.clock.now()) });
    // The lists learn the outcome first: the refused file's delete that follows is nobody's wait.
    await deps.events.emit("file.scanned", { key, status: outcome.status, duration_seconds: outcome.duration_seconds });
    if (outcome.status === "error" && (await repository.markRefusedDeleted(key, toIso(deps.clock.now())))) await storage.remove(key);
  }

  function start(key: string): void {
    // A scan that fails here stays claimed; it is taken over once the claim is stale.
    const scan: Promise<void> = scanClaimed(key)
      .catch(() => undefined)
      .finally(() => {
        running.delete(scan);
        void fill();
      });
    running.add(scan);
  }

  /** Claims the smallest scannable files until every slot is busy or none is left. */
  async function fillSlots(): Promise<void> {
    while (!closed && running.size < deps.concurrency) {
      const at = deps.clock.now();
      const staleBefore = toIso(new Date(at.getTime() - STALE_SCAN_MS));
      const candidates = await repository.scannableKeys(toIso(at), staleBefore, deps.concurrency - running.size);
      let claimed = 0;
      for (const key of candidates) {
        if (closed || running.size >= deps.concurrency) return;
        if (!(await repository.claimScan(key, toIso(at), staleBefore))) continue;
        start(key);
        claimed += 1;
      }
      if (claimed === 0) return;
    }
  }

  /** One filling pass at a time; a call during a pass asks for one more pass after it. */
  function fill(): Promise<void> {
    if (filling) {
      fillAgain = true;
      return filling;
    }
    filling = (async () => {
      do {
        fillAgain = false;
        await fillSlots().catch(() => undefined);
      } while (fillAgain && !closed);
    })().finally(() => {
      filling = null;
    });
    return filling;
  }

  /** Resolves once no scan runs and no pass is filling slots. */
  async function idle(): Promise<void> {
    while (filling || running.size > 0) await Promise.all([filling, ...running]);
  }

  return {
    /** A file was stored: fills a free slot with the smallest waiting file (this one or another). */
    enqueue(): void {
      if (!closed) void fill();
    },

    /** The job's run: scans pending files nobody is scanning (after a restart, or a deferred virus scan), until none is left. */
    async scanPending(): Promise<void> {
      if (closed) return;
      await fill();
      await idle();
    },

    async close(): Promise<void> {
      closed = true;
      await idle();
    },
  };
}
