import type { ByteReader } from "./byte-reader";

const CRC8 = new Uint8Array(256);
const CRC16 = new Uint16Array(256);
for (let i = 0; i < 256; i++) {
  let c8 = i;
  let c16 = i << 8;
  for (let bit = 0; bit < 8; bit++) {
    c8 = c8 & 0x80 ? ((c8 << 1) ^ 0x07) & 0xff : (c8 << 1) & 0xff;
    c16 = c16 & 0x8000 ? ((c16 << 1) ^ 0x8005) & 0xffff : (c16 << 1) & 0xffff;
  }
  CRC8[i] = c8;
  CRC16[i] = c16;
}

function crc8(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) crc = CRC8[crc ^ byte]!;
  return crc;
}

function crc16(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) & 0xffff) ^ CRC16[(crc >> 8) ^ byte]!;
  return crc;
}

interface StreamInfo {
  minBlockSize: number;
  maxFrameSize: number;
  totalSamples: number;
}

interface FrameHeader {
  /** Frame number (fixed block size) or first sample number (variable block size). */
  number: number;
  variable: boolean;
  blockSize: number;
}

/** The frame header at `at`, checked by its CRC-8, or null. */
function parseFrameHeader(bytes: Buffer, at: number): FrameHeader | null {
  if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xfe) !== 0xf8 || at + 6 > bytes.length) return null;
  const blockCode = bytes[at + 2]! >> 4;
  const rateCode = bytes[at + 2]! & 0x0f;
  if (blockCode === 0 || rateCode === 15 || (bytes[at + 3]! & 1) !== 0) return null;
  let p = at + 4;
  const lead = bytes[p++]!;
  const extra = lead < 0x80 ? 0 : lead >= 0xfe ? 6 : lead >= 0xfc ? 5 : lead >= 0xf8 ? 4 : lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : -1;
  if (extra < 0 || p + extra > bytes.length) return null;
  let number = extra === 0 ? lead : lead & (0x3f >> extra);
  for (let i = 0; i < extra; i++) {
    const next = bytes[p++]!;
    if ((next & 0xc0) !== 0x80) return null;
    number = number * 64 + (next & 0x3f);
  }
  let blockSize: number;
  if (blockCode === 1) blockSize = 192;
  else if (blockCode <= 5) blockSize = 576 * 2 ** (blockCode - 2);
  else if (blockCode === 6) blockSize = bytes[p++]! + 1;
  else if (blockCode === 7) {
    blockSize = ((bytes[p]! << 8) | bytes[p + 1]!) + 1;
    p += 2;
  } else blockSize = 256 * 2 ** (blockCode - 8);
  p += rateCode === 12 ? 1 : rateCode === 13 || rateCode === 14 ? 2 : 0;
  if (p >= bytes.length || crc8(bytes.subarray(at, p)) !== bytes[p]) return null;
  return { number, variable: (bytes[at + 1]! & 1) === 1, blockSize };
}

async function readMetadata(reader: ByteReader): Promise<StreamInfo | null> {
  const magic = await reader.peek(4);
  if (magic.toString("latin1") !== "fLaC") return null;
  await reader.skip(4);
  let info: StreamInfo | null = null;
  for (;;) {
    const header = await reader.peek(4);
    if (header.length < 4) return null;
    const last = (header[0]! & 0x80) !== 0;
    const type = header[0]! & 0x7f;
    const length = header.readUIntBE(1, 3);
    if (type === 0) {
      const block = await reader.peek(4 + 34);
      if (block.length < 38) return null;
      const b = block.subarray(4);
      info = {
        minBlockSize: b.readUInt16BE(0),
        maxFrameSize: b.readUIntBE(7, 3),
        totalSamples: (b[13]! & 0x0f) * 2 ** 32 + b.readUInt32BE(14),
      };
    }
    if ((await reader.skip(4 + length)) < 4 + length) return null;
    if (last) return info;
  }
}

/** Candidate final frames tried before the file is judged damaged (a stray sync can pass a CRC-8). */
const MAX_CANDIDATES = 8;

/**
 * A FLAC file is whole when its last frame is complete (its CRC-16 runs to the end of the file) and
 * ends at the sample count STREAMINFO announces.
 */
export async function checkFlac(reader: ByteReader): Promise<boolean> {
  const info = await readMetadata(reader);
  if (!info) return false;
  const tailSize = Math.min(Math.max(info.maxFrameSize * 2, 64 * 1024), 4 * 1024 * 1024) || 1024 * 1024;
  const tail = await reader.tail(tailSize);
  // Some taggers append an ID3v1 block to FLAC files; the audio then ends before it.
  const ends = [tail.length];
  if (tail.length > 128 && tail.toString("latin1", tail.length - 128, tail.length - 125) === "TAG") ends.push(tail.length - 128);
  let candidates = 0;
  for (let at = tail.length - 8; at >= 0 && candidates < MAX_CANDIDATES; at--) {
    const header = parseFrameHeader(tail, at);
    if (!header) continue;
    candidates += 1;
    for (const end of ends) {
      if (end - at < 8 || crc16(tail.subarray(at, end - 2)) !== tail.readUInt16BE(end - 2)) continue;
      const firstSample = header.variable ? header.number : header.number * info.minBlockSize;
      return info.totalSamples === 0 || firstSample + header.blockSize === info.totalSamples;
    }
  }
  return false;
}
