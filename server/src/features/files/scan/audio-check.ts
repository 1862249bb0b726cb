import { Readable } from "node:stream";
import { fileTypeFromStream } from "file-type";
import { parseStream } from "music-metadata";
import { FILE_MESSAGES } from "@common/files";
import type { AudioExtension } from "@common/limits";
import { ByteReader } from "./byte-reader";
import { checkFlac } from "./flac-check";
import { checkMp4, checkWav } from "./container-check";
import { checkAdtsAudio, checkMpegAudio } from "./mpeg-check";

export type AudioCheck =
  | { ok: true; format: AudioExtension; contentType: string; durationSeconds: number }
  | { ok: false; reason: string };

/** What the bytes say they are (file-type's extension) mapped to the allowed formats. */
const DETECTED_FORMATS: Record<string, AudioExtension> = { mp3: "mp3", wav: "wav", m4a: "m4a", mp4: "m4a", aac: "aac", flac: "flac" };

const CONTENT_TYPES: Record<AudioExtension, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  m4a: "audio/mp4",
  aac: "audio/aac",
  flac: "audio/flac",
};

const WHOLE_FILE_CHECKS: Record<AudioExtension, (reader: ByteReader, size: number) => Promise<boolean>> = {
  mp3: checkMpegAudio,
  aac: checkAdtsAudio,
  wav: checkWav,
  m4a: checkMp4,
  flac: (reader) => checkFlac(reader),
};

async function withStream<T>(open: () => Promise<Readable>, use: (stream: Readable) => Promise<T>): Promise<T> {
  const stream = await open();
  try {
    return await use(stream);
  } finally {
    stream.destroy();
  }
}

/**
 * Decides whether stored bytes are audio of an allowed format: the format is recognised from the
 * bytes (not the name), the file's structure must run whole to its end (a truncated file fails), and
 * the duration must be readable. Each step reads the file as a stream, so its size does not matter.
 */
export async function checkAudio(open: () => Promise<Readable>, size: number): Promise<AudioCheck> {
  const detected = await withStream(open, (stream) => fileTypeFromStream(Readable.toWeb(stream)));
  const format = detected ? DETECTED_FORMATS[detected.ext] : undefined;
  if (!detected || !format) return { ok: false, reason: FILE_MESSAGES.notAllowedAudio };

  const whole = await withStream(open, (stream) => WHOLE_FILE_CHECKS[format](ByteReader.from(stream), size));
  if (!whole) return { ok: false, reason: FILE_MESSAGES.damaged(format) };

  const metadata = await withStream(open, (stream) =>
    parseStream(stream, { mimeType: detected.mime, size }, { duration: true, skipCovers: true }),
  ).catch(() => null);
  if (!metadata) return { ok: false, reason: FILE_MESSAGES.damaged(format) };
  if (metadata.format.hasVideo) return { ok: false, reason: FILE_MESSAGES.notAllowedAudio };
  const duration = metadata.format.duration;
  if (!duration || !Number.isFinite(duration) || duration <= 0) return { ok: false, reason: FILE_MESSAGES.noDuration };
  return { ok: true, format, contentType: CONTENT_TYPES[format], durationSeconds: duration };
}
