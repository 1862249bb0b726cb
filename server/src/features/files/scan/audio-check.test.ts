import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { FILE_MESSAGES } from "@common/files";
import { AUDIO_FORMATS, EICAR, PNG_BYTES, audioFixture } from "../../../test/files";
import { remuxWithFfmpeg } from "../../../test/ffmpeg-audio";
import { checkAudio } from "./audio-check";
import { mpegFrames } from "./mpeg-check";

/** Checks bytes as the scanner does, read in small chunks to cross every boundary a real stream has. */
const check = (bytes: Buffer) =>
  checkAudio(async () => {
    const chunks = function* () {
      for (let at = 0; at < bytes.length; at += 1000) yield bytes.subarray(at, at + 1000);
    };
    return Readable.from(chunks(), { objectMode: false });
  }, bytes.length);

/** Offset just after the last whole MP3 frame before `limit`. */
function frameBoundaryBefore(mp3: Buffer, limit: number): number {
  let at = 10 + ((mp3[6]! << 21) | (mp3[7]! << 14) | (mp3[8]! << 7) | mp3[9]!);
  for (;;) {
    const header = mpegFrames.parse(mp3.subarray(at, at + 4));
    if (!header || at + header.length > limit) return at;
    at += header.length;
  }
}

describe("checkAudio", () => {
  it.each(AUDIO_FORMATS)("accepts a whole %s file and reads its duration", async (format) => {
    const result = await check(audioFixture(format));
    expect(result).toMatchObject({ ok: true, format });
    expect(result.ok && result.durationSeconds).toBeGreaterThan(2.4);
  });

  it.each(AUDIO_FORMATS)("refuses a %s file cut in half", async (format) => {
    const whole = audioFixture(format);
    expect(await check(whole.subarray(0, Math.floor(whole.length / 2)))).toEqual({ ok: false, reason: FILE_MESSAGES.damaged(format) });
  });

  it("refuses an mp3 cut exactly between two frames, by the frame count its header announces", async () => {
    const whole = audioFixture("mp3");
    const cut = frameBoundaryBefore(whole, whole.length / 2);
    expect(await check(whole.subarray(0, cut))).toEqual({ ok: false, reason: FILE_MESSAGES.damaged("mp3") });
  });

  it("refuses an m4a whose movie box comes first and whose sample data is cut short", async () => {
    const fastStart = await remuxWithFfmpeg(audioFixture("m4a"), "m4a", ["-c", "copy", "-movflags", "+faststart"]);
    expect(fastStart.toString("latin1", 4 + fastStart.readUInt32BE(0), 8 + fastStart.readUInt32BE(0))).toBe("moov");
    expect((await check(fastStart)).ok).toBe(true);
    expect(await check(fastStart.subarray(0, fastStart.length - 1000))).toEqual({ ok: false, reason: FILE_MESSAGES.damaged("m4a") });
  });

  it("refuses an image, whatever it is named", async () => {
    expect(await check(PNG_BYTES)).toEqual({ ok: false, reason: FILE_MESSAGES.notAllowedAudio });
  });

  it("refuses text, an empty file and random bytes", async () => {
    for (const bytes of [Buffer.from(EICAR), Buffer.alloc(0), Buffer.alloc(50_000, 0x5a)]) {
      expect((await check(bytes)).ok).toBe(false);
    }
  });

  it("accepts an mp3 with an ID3v1 tag at its end", async () => {
    const tag = Buffer.concat([Buffer.from("TAG"), Buffer.alloc(125, 0x20)]);
    expect((await check(Buffer.concat([audioFixture("mp3"), tag]))).ok).toBe(true);
  });
});
