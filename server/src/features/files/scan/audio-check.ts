import { PassThrough, type Readable } from "node:stream";
import type { IAudioMetadata } from "music-metadata";
import { FILE_MESSAGES } from "@common/files";
import type { AudioExtension } from "@common/limits";
import { ByteReader } from "./byte-reader";
import { DEFAULT_DECODER, type DecoderOptions, MAX_DECODE_SECONDS, decodeAudio } from "./ffmpeg-decode";
import { skipId3v2 } from "./frame-walk";
import { checkMpegAudio, mpegFrames } from "./mpeg-check";

export type AudioCheck =
  { ok: true; format: AudioExtension; contentType: string; durationSeconds: number; loudnessLufs: number | null; truePeakDbtp: number | null } | { ok: false; reason: string };

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

/**
 * Decoded audio this much shorter than the file announces means its end is missing (a FLAC or an MP3
 * cut between two frames decodes cleanly but short); the margin allows for encoder delay and padding.
 */
const shortBy = (announced: number, decoded: number) => decoded < Math.min(announced, MAX_DECODE_SECONDS) * 0.99 - 0.25;

/**
 * What the first bytes say the file is, and whether an MP3 runs whole to its end: ffmpeg decodes a
 * frame cut in half without complaint, the frame walk notices it. `whole` is null for the formats
 * ffmpeg's decode judges alone; `format` is null for bytes that start as no allowed format.
 */
async function frameCheck(reader: ByteReader, size: number): Promise<{ format: AudioExtension | null; whole: boolean | null }> {
  const head = await reader.peek(12);
  if (head.toString("latin1", 0, 4) === "fLaC") return { format: "flac", whole: null };
  if (head.toString("latin1", 0, 4) === "RIFF") return { format: "wav", whole: null };
  if (head.toString("latin1", 4, 8) === "ftyp") return { format: "m4a", whole: null };
  await skipId3v2(reader);
  const first = await reader.peek(4);
  if (first[0] === 0xff && (first[1]! & 0xf6) === 0xf0) return { format: "aac", whole: null };
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
 * Decides whether stored bytes are audio of an allowed format: music-metadata recognises the format
 * from the bytes (not the name) and reads the duration while the frame walk checks an MP3 to its end,
 * in one read; then ffmpeg decodes the whole file, which refuses any damage its decoder meets and an
 * end that is missing, and measures the loudness. A file ffmpeg cannot decode is damaged.
 */
export async function checkAudio(open: () => Promise<Readable>, size: number, decoder: DecoderOptions = DEFAULT_DECODER): Promise<AudioCheck> {
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
  if (metadata.format.hasVideo) return { ok: false, reason: FILE_MESSAGES.notAllowedAudio };
  const duration = metadata.format.duration;
  if (!duration || !Number.isFinite(duration) || duration <= 0) return { ok: false, reason: FILE_MESSAGES.noDuration };
  const decode = await decodeAudio(open, decoder);
  if (!decode.decoded || shortBy(duration, decode.decodedSeconds)) return { ok: false, reason: FILE_MESSAGES.damaged(format) };
  return { ok: true, format, contentType: CONTENT_TYPES[format], durationSeconds: duration, loudnessLufs: decode.loudnessLufs, truePeakDbtp: decode.truePeakDbtp };
}
