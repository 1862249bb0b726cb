import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** ffmpeg could not be run or did not finish in time: the scan is tried again later, the file is not judged. */
export class DecoderUnavailableError extends Error {}

export interface DecoderOptions {
  /** The ffmpeg program (Debian's package installs /usr/bin/ffmpeg). */
  ffmpegPath: string;
  /** A decode still running after this long is stopped. */
  timeoutMs: number;
}

export const DEFAULT_DECODER: DecoderOptions = { ffmpegPath: "ffmpeg", timeoutMs: 120_000 };

/** Audio past this point is not decoded: a longer upload is refused by the host's length limit anyway. */
export const MAX_DECODE_SECONDS = 3 * 3600;

/** EBU R128 gates out everything quieter; a file measured at this level is silence. */
const SILENCE_LUFS = -70;
/** Only the end of ffmpeg's log is kept: the summary is printed last. */
const LOG_TAIL_CHARS = 16_384;

export type DecodeResult =
  | { decoded: false }
  | {
      decoded: true;
      /** Seconds of audio the decode produced (at most MAX_DECODE_SECONDS). */
      decodedSeconds: number;
      /** Integrated loudness in LUFS, null for silence. */
      loudnessLufs: number | null;
      /** True peak in dBTP, null for silence. */
      truePeakDbtp: number | null;
    };

/** The integrated loudness and true peak from ebur128's summary (the last numbers of each in the log). */
function parseSummary(log: string): { loudnessLufs: number | null; truePeakDbtp: number | null } {
  const summary = log.slice(log.lastIndexOf("Summary:"));
  const integrated = Number(/\bI:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  const peak = Number(/\bPeak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]);
  if (!Number.isFinite(integrated) || integrated <= SILENCE_LUFS || !Number.isFinite(peak)) return { loudnessLufs: null, truePeakDbtp: null };
  return { loudnessLufs: integrated, truePeakDbtp: peak };
}

/** Runs ffmpeg on a file: its exit code, the end of its log, and the last output time it reported. */
function runFfmpeg(file: string, options: DecoderOptions): Promise<{ code: number | null; log: string; seconds: number }> {
  const args = ["-nostdin", "-hide_banner", "-nostats", "-threads", "1", "-xerror", "-i", file, "-map", "0:a:0", "-t", String(MAX_DECODE_SECONDS)];
  args.push("-af", "ebur128=peak=true:framelog=verbose", "-progress", "pipe:1", "-f", "null", "-");
  return new Promise((resolve, reject) => {
    const child = spawn(options.ffmpegPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    let progress = "";
    let outMicroseconds = 0;
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      log = (log + chunk).slice(-LOG_TAIL_CHARS);
    });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (progress + chunk).split("\n");
      progress = lines.pop()!;
      for (const line of lines) if (line.startsWith("out_time_us=")) outMicroseconds = Number(line.slice(12)) || outMicroseconds;
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new DecoderUnavailableError(`ffmpeg could not start: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (signal === "SIGKILL") reject(new DecoderUnavailableError(`ffmpeg took longer than ${options.timeoutMs} ms`));
      else resolve({ code, log, seconds: outMicroseconds / 1e6 });
    });
  });
}

/**
 * Decodes the whole audio with ffmpeg, failing on the first decoding error (`-xerror`), and measures
 * its loudness on the way (EBU R128 integrated loudness and true peak). The bytes are copied to a
 * temporary file first: an MP4 keeps its index at the end, which ffmpeg cannot reach through a pipe.
 * ffmpeg runs in its own process, so the decode never holds up the event loop.
 */
export async function decodeAudio(open: () => Promise<Readable>, options: DecoderOptions = DEFAULT_DECODER): Promise<DecodeResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "livequeue-scan-"));
  try {
    const file = path.join(dir, "upload");
    await pipeline(await open(), createWriteStream(file));
    const { code, log, seconds } = await runFfmpeg(file, options);
    if (code !== 0) return { decoded: false };
    return { decoded: true, decodedSeconds: seconds, ...parseSummary(log) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
