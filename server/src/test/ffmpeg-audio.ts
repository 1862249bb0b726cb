import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Runs ffmpeg in a scratch folder; `build` gets that folder and returns ffmpeg's arguments and the output's name. */
async function withFfmpeg(build: (dir: string) => Promise<{ args: string[]; output: string }>): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "livequeue-test-audio-"));
  try {
    const { args, output } = await build(dir);
    await run("ffmpeg", ["-nostdin", "-hide_banner", "-v", "error", "-y", ...args, path.join(dir, output)]);
    return await readFile(path.join(dir, output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A sine tone made by ffmpeg at `volumeDb` (0 = the generator's own level, an eighth of full scale), as
 * a stereo `format` file. `clicks` adds a short click near full scale twice a second: a quiet file with
 * loud peaks.
 */
export function toneFile(options: { format: string; volumeDb: number; seconds?: number; clicks?: boolean }): Promise<Buffer> {
  const { format, volumeDb, seconds = 4 } = options;
  const source = options.clicks
    ? `aevalsrc=exprs=0.05*sin(2*PI*440*t)+if(lt(mod(t\\,0.5)\\,0.002)\\,0.9\\,0):s=44100:d=${seconds}`
    : `sine=frequency=440:sample_rate=44100:duration=${seconds}`;
  return withFfmpeg(async () => ({ args: ["-f", "lavfi", "-i", source, "-af", `volume=${volumeDb}dB`, "-ac", "2"], output: `tone.${format}` }));
}

/** The same audio rewritten by ffmpeg with `args` (a remux, a re-encode) into a `format` file. */
export function remuxWithFfmpeg(bytes: Buffer, format: string, args: string[]): Promise<Buffer> {
  return withFfmpeg(async (dir) => {
    const input = path.join(dir, `input.${format}`);
    await writeFile(input, bytes);
    return { args: ["-i", input, ...args], output: `output.${format}` };
  });
}
