import type { ByteReader } from "./byte-reader";

/**
 * A WAV file is whole when it has a format chunk and every chunk, the sample data above all, fits in
 * the file. A data size of 0 or 0xFFFFFFFF is what streaming writers leave: the data runs to the end.
 */
export async function checkWav(reader: ByteReader, size: number): Promise<boolean> {
  const riff = await reader.peek(12);
  if (riff.length < 12 || riff.toString("latin1", 0, 4) !== "RIFF" || riff.toString("latin1", 8, 12) !== "WAVE") return false;
  await reader.skip(12);
  let hasFormat = false;
  for (;;) {
    const header = await reader.peek(8);
    if (header.length < 8) return false;
    const id = header.toString("latin1", 0, 4);
    const chunkSize = header.readUInt32LE(4);
    if (id === "data") {
      if (!hasFormat) return false;
      const streamed = chunkSize === 0 || chunkSize === 0xffffffff;
      return streamed ? size > reader.position + 8 : reader.position + 8 + chunkSize <= size;
    }
    if (id === "fmt ") hasFormat = true;
    const span = 8 + chunkSize + (chunkSize % 2);
    if ((await reader.skip(span)) < span) return false;
  }
}

/** An MP4/M4A file is whole when its top-level boxes add up to the file exactly and include the movie box. */
export async function checkMp4(reader: ByteReader, size: number): Promise<boolean> {
  let hasMovie = false;
  while (reader.position < size) {
    const header = await reader.peek(16);
    if (header.length < 8) return false;
    let boxSize = header.readUInt32BE(0);
    const type = header.toString("latin1", 4, 8);
    if (boxSize === 1) {
      if (header.length < 16) return false;
      boxSize = Number(header.readBigUInt64BE(8));
    } else if (boxSize === 0) {
      boxSize = size - reader.position;
    }
    if (boxSize < 8 || reader.position + boxSize > size) return false;
    if (type === "moov") hasMovie = true;
    await reader.skip(boxSize);
  }
  return hasMovie;
}
