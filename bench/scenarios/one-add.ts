/**
 * (1) One add until every viewer holds the new Waiting list: LiveQueue's versioned update (applied
 * with the shared client rule, or a refetch when it cannot be) against the floor on the wire, a bare
 * `ws` server sending every viewer the frames LiveQueue sent for each add, byte for byte, and serving
 * the same list bytes to a viewer that refetches. The viewers do the same work in both.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { liveQueueApi } from "../api";
import { closeViewers, httpConnection, inBatches, median, openViewers } from "../clients";
import { ListViewer, WAITING_PATH } from "../list-viewer";
import { startBaseline, startLiveQueue } from "../processes";
import { ONE_ADD } from "../settings";

async function crowd(baseUrl: string, socketPath: string, listPath: string, count: number): Promise<ListViewer[]> {
  const sockets = await openViewers(`${baseUrl.replace("http", "ws")}${socketPath}`, count, { subscribe: true });
  return inBatches(sockets, 100, (socket) => ListViewer.open(socket, baseUrl, listPath));
}

/** From just before `trigger` until every viewer holds a newer list. */
async function timeUntilEveryViewerHoldsTheNext(viewers: ListViewer[], trigger: () => Promise<unknown>): Promise<number> {
  const arrivals = viewers.map((viewer) => viewer.nextList());
  const started = performance.now();
  await trigger();
  const held = await Promise.all(arrivals);
  return Math.max(...held) - started;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

/** The Waiting list as LiveQueue serves it to a browser: its ETag and gzip bytes (base64). */
async function servedList(baseUrl: string): Promise<{ etag: string; gzip: string }> {
  const connection = await httpConnection(baseUrl);
  const response = await connection.request("GET", WAITING_PATH, { "accept-encoding": "gzip" });
  connection.close();
  return { etag: response.etag, gzip: response.body.toString("base64") };
}

/**
 * LiveQueue and the floor take turns, add by add (the floor replays each add right after LiveQueue
 * made it), so both see the same drift of this shared machine's speed; the median of ONE_ADD.repeats each.
 */
export async function oneAdd(port: number, floorPort: number) {
  const server = await startLiveQueue(port);
  const api = liveQueueApi(server.url);
  await api.signIn();
  await api.openQueue();
  await api.fill(ONE_ADD.waiting);
  const viewers = await crowd(server.url, "/ws/public", WAITING_PATH, ONE_ADD.viewers);

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-floor-"));
  fs.writeFileSync(path.join(folder, "frames.json"), "[]");
  fs.writeFileSync(path.join(folder, "lists.json"), JSON.stringify([await servedList(server.url)]));
  const floorServer = await startBaseline("wire-floor.ts", floorPort, { FRAMES_FILE: path.join(folder, "frames.json"), LISTS_FILE: path.join(folder, "lists.json") });
  const floorViewers = await crowd(floorServer.url, "/", "/list", ONE_ADD.viewers);

  // What one viewer (all are alike) received for each add, for the floor to replay with the list after it.
  const frames: string[][] = [];
  let received: string[] = [];
  viewers[0]!.socket.socket.on("message", (data) => received.push(String(data)));
  const appTimes: number[] = [];
  const floorTimes: number[] = [];
  for (let r = 0; r < ONE_ADD.repeats; r += 1) {
    appTimes.push(await timeUntilEveryViewerHoldsTheNext(viewers, () => api.submitAsGuest(`one-add ${r}`)));
    await settle();
    frames.push(received);
    await fetch(`${floorServer.url}/record`, { method: "POST", body: JSON.stringify({ frames: received, list: await servedList(server.url) }) });
    received = [];
    floorTimes.push(await timeUntilEveryViewerHoldsTheNext(floorViewers, () => fetch(`${floorServer.url}/change`)));
    await settle();
  }

  // Outside the timing: every viewer holds exactly the server's list.
  const served = await api.waiting();
  for (const viewer of viewers) {
    if (viewer.version !== served.version) throw new Error(`a viewer holds ${viewer.version}, the server ${served.version}`);
  }
  const sample = viewers[viewers.length - 1]!.list();
  if (JSON.stringify(sample.map((e) => e.id)) !== JSON.stringify(served.entries.map((e: any) => e.id))) throw new Error("a viewer's list differs from the server's");
  const refetches = viewers.reduce((sum, viewer) => sum + viewer.refetches, 0);
  const floorRefetches = floorViewers.reduce((sum, viewer) => sum + viewer.refetches, 0);
  viewers.forEach((viewer) => viewer.close());
  closeViewers(floorViewers.map((viewer) => viewer.socket));
  floorViewers.forEach((viewer) => viewer.close());
  await Promise.all([server.stop(), floorServer.stop()]);
  fs.rmSync(folder, { recursive: true, force: true });

  const frameBytes = frames[0]!.reduce((sum, frame) => sum + Buffer.byteLength(frame), 0);
  return { app: median(appTimes), floor: median(floorTimes), refetches, floorRefetches, framesPerAdd: frames[0]!.length, frameBytes, entries: served.entries.length };
}
