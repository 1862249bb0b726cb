import { PassThrough, type Readable } from "node:stream";
import type { IAudioMetadata } from "music-metadata";
import { FILE_MESSAGES } from "@common/files";
import type { AudioExtension } from "@common/limits";
import { ByteReader } from "./byte-reader";
import { checkFlac } from "./flac-check";
import { skipId3v2 } from "./frame-walk";
import { checkAdtsAudio, checkMpegAudio, mpegFrames } from "./mpeg-check";

export type AudioCheck = { ok: true; format: AudioExtension; contentType: string; durationSeconds: number } | { ok: false; reason: string };

const CONTENT_TYPES: Record<AudioExtension, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  m4a: "audio/mp4",
  aac: "audio/aac",
  flac: "audio/flac",
};

/** The allowed format music-metadata recognised, or null for anything else (another codec, not audio). */
function formatOf(metadata: IAudioMetadata): AudioExtension | null {
  const { container = "", codec = "" } = metadata.format;
  if (container === "MPEG" && codec.endsWith("Layer 3")) return "mp3";
  if (container.startsWith("ADTS")) return "aac";
  if (container === "WAVE") return "wav";
  if (container === "FLAC") return "flac";
  if (codec.startsWith("MPEG-4/AAC") || codec === "ALAC") return "m4a";
  return null;
}

/** What music-metadata reads but lets pass in a cut-off file: WAV sample data that runs past the end. */
const TRUNCATION_WARNINGS = ["data chunk length exceeding file length"];

/**
 * What the first bytes say the file is, and whether a frame-based file runs whole to its end, which
 * music-metadata does not judge: it takes FLAC's length from STREAMINFO and counts MP3/ADTS frames
 * without noticing the last one is cut. `whole` is null for the containers it does judge (a WAV or MP4
 * cut short warns or fails its parse); `format` is null for bytes that start as no allowed format.
 */
async function frameCheck(reader: ByteReader, size: number): Promise<{ format: AudioExtension | null; whole: boolean | null }> {
  const head = await reader.peek(12);
  if (head.toString("latin1", 0, 4) === "fLaC") return { format: "flac", whole: await checkFlac(reader) };
  if (head.toString("latin1", 0, 4) === "RIFF") return { format: "wav", whole: null };
  if (head.toString("latin1", 4, 8) === "ftyp") return { format: "m4a", whole: null };
  await skipId3v2(reader);
  const first = await reader.peek(4);
  if (first[0] === 0xff && (first[1]! & 0xf6) === 0xf0) return { format: "aac", whole: await checkAdtsAudio(reader, size) };
  // An MP3 may start with a little junk before its first frame; the walk skips it.
  return { format: mpegFrames.parse(first) ? "mp3" : null, whole: await checkMpegAudio(reader, size) };
}

/**
 * Reads one stream twice at once: each reader gets its own branch, and a reader that is done early
 * lets go of its branch so the other keeps going.
 */
async function readTwice<A, B>(source: Readable, first: (stream: Readable) => Promise<A>, second: (stream: Readable) => Promise<B>): Promise<[A, B]> {
  const branches = [new PassThrough(), new PassThrough()] as const;
  for (const branch of branches) {
    branch.on("error", () => {});
    source.pipe(branch);
  }
  source.once("error", (error) => branches.forEach((branch) => branch.destroy(error)));
  const run = async <T>(branch: PassThrough, use: (stream: Readable) => Promise<T>) => {
    try {
      return await use(branch);
    } finally {
      branch.destroy();
    }
  };
  try {
    return await Promise.all([run(branches[0], first), run(branches[1], second)]);
  } finally {
    source.destroy();
  }
}

/**
 * Decides whether stored bytes are audio of an allowed format, reading the file once: music-metadata
 * recognises the format from the bytes (not the name), reads the duration and notices a WAV or MP4 cut
 * short; the frame checks walk MP3, AAC and FLAC files to their end at the same time. A truncated file
 * fails, and so does one whose duration cannot be read.
 */
export async function checkAudio(open: () => Promise<Readable>, size: number): Promise<AudioCheck> {
  // Loaded with the first scan, not at start.
  const { parseStream } = await import("music-metadata");
  const [metadata, frames] = await readTwice(
    await open(),
    (stream) => parseStream(stream, { size }, { duration: true, skipCovers: true }).catch(() => null),
    (stream) => frameCheck(ByteReader.from(stream), size),
  );
  const format = metadata ? formatOf(metadata) : frames.format;
  if (!format) return { ok: false, reason: FILE_MESSAGES.notAllowedAudio };
  if (!metadata || frames.whole === false) return { ok: false, reason: FILE_MESSAGES.damaged(format) };
  if (metadata.quality.warnings.some((warning) => TRUNCATION_WARNINGS.includes(warning.message))) return { ok: false, reason: FILE_MESSAGES.damaged(format) };
  if (metadata.format.hasVideo) return { ok: false, reason: FILE_MESSAGES.notAllowedAudio };
  const duration = metadata.format.duration;
  if (!duration || !Number.isFinite(duration) || duration <= 0) return { ok: false, reason: FILE_MESSAGES.noDuration };
  return { ok: true, format, contentType: CONTENT_TYPES[format], durationSeconds: duration };
}
