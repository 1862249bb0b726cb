import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { STORAGE_KEYS } from "@common/auth";
import { FILE_MESSAGES, type PresignUploadResponse } from "@common/files";
import type { SubmitResponse } from "@common/queue";
import { renderWithProviders } from "../../../test/render";
import { startRealServer, type RealServer } from "../../../test/real-server";
import { AdminFileSlot } from "./admin-file-slot";

/**
 * clamd's side of INSTREAM, holding every answer until `release()`: lets the test see a scan in
 * progress. (The server's own tests scan with a real clamd.)
 */
function heldClamd() {
  const sockets = new Set<net.Socket>();
  let released = false;
  const answerWhenDone = (socket: net.Socket, received: Buffer) => {
    let at = "zINSTREAM\0".length;
    while (at + 4 <= received.length) {
      const length = received.readUInt32BE(at);
      if (length === 0) {
        if (released) socket.end("stream: OK\0");
        return;
      }
      at += 4 + length;
    }
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      answerWhenDone(socket, received);
    });
    socket.on("close", () => sockets.delete(socket));
    (socket as net.Socket & { answer?: () => void }).answer = () => answerWhenDone(socket, received);
  });
  return {
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `tcp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    },
    release() {
      released = true;
      for (const socket of sockets) (socket as net.Socket & { answer?: () => void }).answer?.();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const fixture = (name: string) => fs.readFileSync(path.resolve("server/src/test/fixtures/audio", name));
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082", "hex");

describe("the host's view of an uploaded file, against the real server", () => {
  let server: RealServer;
  const clamd = heldClamd();

  beforeAll(async () => {
    vi.stubEnv("CLAMAV_URL", await clamd.listen());
    server = await startRealServer();
    vi.unstubAllEnvs();
    await server.openQueue();
  }, 90_000);
  afterAll(async () => {
    clamd.release();
    await server.stop();
    await clamd.close();
  });
  beforeEach(async () => {
    vi.stubEnv("VITE_API_URL", server.apiUrl);
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.adminAccessToken, await server.adminToken());
  });
  afterEach(() => vi.unstubAllEnvs());

  /** A guest's entry with an uploaded file, made the way the spec's client makes it. */
  async function entryWithFile(filename: string, bytes: Buffer) {
    const presign = await server.call<PresignUploadResponse>("POST", "files/presign-upload", { json: { filename, content_type: "audio/mpeg" } });
    expect((await fetch(presign.put_url, { method: "PUT", body: new Uint8Array(bytes) })).status).toBe(200);
    const answer = await server.call<SubmitResponse>("POST", "queuer/", { json: { artist_name: "Host Test", track_title: filename, link: presign.s3_url } });
    return answer.queuer;
  }

  it("shows Scanning, asks again until the scan is over, then Scanned with a player that seeks", async () => {
    const entry = await entryWithFile("tone.mp3", fixture("tone.mp3"));
    renderWithProviders(<AdminFileSlot entry={entry} pollMs={100} />);
    expect(await screen.findByText(FILE_MESSAGES.scanning)).toBeTruthy();
    expect(document.querySelector("audio")).toBeNull();

    clamd.release();
    expect(await screen.findByText(FILE_MESSAGES.scanned)).toBeTruthy();
    const player = await waitFor(() => {
      const audio = document.querySelector("audio");
      if (!audio) throw new Error("no player yet");
      return audio;
    });
    expect(player.getAttribute("aria-label")).toBe("Play tone.mp3");
    const range = await fetch(player.src, { headers: { range: "bytes=0-9" } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(fixture("tone.mp3").subarray(0, 10))).toBe(true);
  });

  it("shows a failed scan with its reason and no player", async () => {
    const entry = await entryWithFile("cover.mp3", PNG);
    renderWithProviders(<AdminFileSlot entry={entry} pollMs={100} />);
    // The reason is read out with the badge (and shown on hover).
    const reason = `${FILE_MESSAGES.scanError}: ${FILE_MESSAGES.scanFailed(FILE_MESSAGES.notAllowedAudio)}`;
    await screen.findByText((_, element) => element?.classList.contains("mantine-Badge-root") === true && element.textContent === reason);
    expect(document.querySelector("audio")).toBeNull();
  });
});
