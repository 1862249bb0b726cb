import type { ByteReader } from "./byte-reader";
import { walkFrames, type FrameFormat, type FrameHeader } from "./frame-walk";

const MPEG1_BITRATES = [
  [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
];
const MPEG2_BITRATES = [
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export const mpegFrames: FrameFormat<FrameHeader> = {
  headerBytes: 4,
  parse(b) {
    if (b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return null;
    const version = (b[1]! >> 3) & 3; // 3 = MPEG 1, 2 = MPEG 2, 0 = MPEG 2.5
    const layerBits = (b[1]! >> 1) & 3; // 3 = layer I, 2 = II, 1 = III
    const bitrateIndex = b[2]! >> 4;
    const rateIndex = (b[2]! >> 2) & 3;
    if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
    const layer = 4 - layerBits;
    const mpeg1 = version === 3;
    const bitrate = (mpeg1 ? MPEG1_BITRATES : MPEG2_BITRATES)[layer - 1]![bitrateIndex]! * 1000;
    const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
    const padding = (b[2]! >> 1) & 1;
    let length: number;
    if (layer === 1) length = (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
    else if (layer === 3 && !mpeg1) length = Math.floor((72 * bitrate) / sampleRate) + padding;
    else length = Math.floor((144 * bitrate) / sampleRate) + padding;
    return { length };
  },
};

/** An MP3 is whole when its frames run unbroken to the end, with little junk between them. */
export async function checkMpegAudio(reader: ByteReader, size: number): Promise<boolean> {
  const walk = await walkFrames(reader, mpegFrames);
  return walk.frames > 0 && !walk.cutShort && walk.junk <= Math.max(64 * 1024, size / 10);
}
