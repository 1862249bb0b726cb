import fs from "node:fs";
import path from "node:path";
import type { PresignUploadResponse } from "@common/files";
import { httpClient, type TestResponse } from "./http";

/** Committed 2.5 s tones in every allowed format (fixtures/audio/generate.sh makes them). */
export const AUDIO_FORMATS = ["mp3", "wav", "m4a", "aac", "flac"] as const;
const FIXTURES = path.join(import.meta.dirname, "fixtures", "audio");

export const audioFixture = (format: (typeof AUDIO_FORMATS)[number]) => fs.readFileSync(path.join(FIXTURES, `tone.${format}`));

/** The standard EICAR test string every virus scanner detects (harmless by design). */
export const EICAR = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";

/** A 1x1 PNG image. */
export const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082",
  "hex",
);

/** Asks for an upload URL and PUTs `body` to it; returns both answers. */
export async function uploadViaPresign(
  baseUrl: string,
  file: { filename: string; contentType: string; body: Buffer },
): Promise<{ presign: PresignUploadResponse; put: TestResponse }> {
  const presign = await httpClient(baseUrl).post<PresignUploadResponse>("files/presign-upload", {
    json: { filename: file.filename, content_type: file.contentType },
  });
  if (presign.status !== 200) throw new Error(`presign-upload answered ${presign.status}: ${JSON.stringify(presign.body)}`);
  const response = await fetch(presign.body.put_url, { method: "PUT", body: new Uint8Array(file.body), headers: { "content-type": file.contentType } });
  const text = await response.text();
  return { presign: presign.body, put: { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers } };
}

/** Polls files/presign?key= (as the web does) until the scan is over; returns the last answer. */
export async function waitForScan(baseUrl: string, key: string, options: { token?: string; timeoutMs?: number } = {}): Promise<TestResponse> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const response = await httpClient(baseUrl).get(`files/presign?key=${key}`, { token: options.token });
    if (response.status !== 400 || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every file under the uploads folder of a data dir (partial files included). */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, "uploads");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
