import type { ByteReader } from "./byte-reader";

/** What a frame header tells: how long the whole frame is. */
export interface FrameHeader {
  length: number;
}

export interface FrameFormat<H extends FrameHeader> {
  /** Bytes needed to read a header. */
  headerBytes: number;
  /** The header at the start of `bytes`, or null when they are not one. */
  parse(bytes: Buffer): H | null;
}

export interface FrameWalk {
  frames: number;
  /** True when the chain of frames from the start ran into the end of the file in the middle of a frame. */
  cutShort: boolean;
  /** Bytes that were not frames nor tags (skipped to find the next frame). */
  junk: number;
}

/** Skips ID3v2 tags (cover art and titles) at the current position. */
export async function skipId3v2(reader: ByteReader): Promise<void> {
  for (;;) {
    const head = await reader.peek(10);
    if (head.length < 10 || head.toString("latin1", 0, 3) !== "ID3") return;
    const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    const hasFooter = (head[5]! & 0x10) !== 0;
    await reader.skip(10 + size + (hasFooter ? 10 : 0));
  }
}

/**
 * Walks the frames of an MPEG-audio or ADTS stream to its end. A frame that runs past the end of the
 * file, reached by an unbroken chain of frames, means the file was cut short. Bytes between frames
 * (trailing tags, a damaged spot) are skipped up to the next sync byte and counted as junk.
 */
export async function walkFrames<H extends FrameHeader>(reader: ByteReader, format: FrameFormat<H>): Promise<FrameWalk> {
  const walk: FrameWalk = { frames: 0, cutShort: false, junk: 0 };
  await skipId3v2(reader);
  let chained = true;
  for (;;) {
    const bytes = await reader.peek(format.headerBytes);
    if (bytes.length === 0) return walk;
    const header = bytes.length === format.headerBytes ? format.parse(bytes) : null;
    if (!header) {
      const before = reader.position;
      await reader.skip(1);
      await reader.skipToByte(0xff);
      walk.junk += reader.position - before;
      chained = false;
      continue;
    }
    const skipped = await reader.skip(header.length);
    if (skipped < header.length) {
      // A frame found after junk that runs past the end is more likely a stray sync than a cut.
      if (chained) walk.cutShort = true;
      else walk.junk += skipped;
      return walk;
    }
    walk.frames += 1;
    chained = true;
  }
}
