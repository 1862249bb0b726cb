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
import { ONE_ADD, REPEATS } from "../settings";

async function crowd(baseUrl: string, socketPath: string, listPath: string, count: number): Promise<ListViewer[]> {
  const sockets = await openViewers(`${baseUrl.replace("http", "ws")}${socketPath}`, count, { subscribe: true });
  return inBatches(sockets, 100, (socket) => ListViewer.open(socket, baseUrl, listPath));
}

/** From just before `trigger` until every viewer holds a newer list; the median of REPEATS. `settled` runs after each, untimed. */
async function timeUntilEveryViewerHoldsTheNext(viewers: ListViewer[], trigger: (r: number) => Promise<unknown>, settled?: (r: number) => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < REPEATS; r += 1) {
    const arrivals = viewers.map((viewer) => viewer.nextList());
    const started = performance.now();
    await trigger(r);
    const held = await Promise.all(arrivals);
    times.push(Math.max(...held) - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await settled?.(r);
  }
  return median(times);
}

/** The Waiting list as LiveQueue serves it to a browser: its ETag and gzip bytes (base64). */
async function servedList(baseUrl: string): Promise<{ etag: string; gzip: string }> {
  const connection = await httpConnection(baseUrl);
  const response = await connection.request("GET", WAITING_PATH, { "accept-encoding": "gzip" });
  connection.close();
  return { etag: response.etag, gzip: response.body.toString("base64") };
}

export async function oneAdd(port: number, floorPort: number) {
  const server = await startLiveQueue(port);
  const api = liveQueueApi(server.url);
  await api.signIn();
  await api.openQueue();
  await api.fill(ONE_ADD.waiting);
  const viewers = await crowd(server.url, "/ws/public", WAITING_PATH, ONE_ADD.viewers);
  // What one viewer (all are alike) received for each add, and the list after it, for the floor to replay.
  const lists = [await servedList(server.url)];
  const frames: string[][] = [];
  let received: string[] = [];
  viewers[0]!.socket.socket.on("message", (data) => received.push(String(data)));
  const app = await timeUntilEveryViewerHoldsTheNext(
    viewers,
    (r) => api.submitAsGuest(`one-add ${r}`),
    async () => {
      frames.push(received);
      received = [];
      lists.push(await servedList(server.url));
    },
  );

  // Outside the timing: every viewer holds exactly the server's list.
  const served = await api.waiting();
  for (const viewer of viewers) {
    if (viewer.version !== served.version) throw new Error(`a viewer holds ${viewer.version}, the server ${served.version}`);
  }
  const sample = viewers[viewers.length - 1]!.list();
  if (JSON.stringify(sample.map((e) => e.id)) !== JSON.stringify(served.entries.map((e: any) => e.id))) throw new Error("a viewer's list differs from the server's");
  const refetches = viewers.reduce((sum, viewer) => sum + viewer.refetches, 0);
  viewers.forEach((viewer) => viewer.close());
  await server.stop();

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-floor-"));
  fs.writeFileSync(path.join(folder, "frames.json"), JSON.stringify(frames));
  fs.writeFileSync(path.join(folder, "lists.json"), JSON.stringify(lists));
  const floorServer = await startBaseline("wire-floor.ts", floorPort, { FRAMES_FILE: path.join(folder, "frames.json"), LISTS_FILE: path.join(folder, "lists.json") });
  const floorViewers = await crowd(floorServer.url, "/", "/list", ONE_ADD.viewers);
  const floor = await timeUntilEveryViewerHoldsTheNext(floorViewers, () => fetch(`${floorServer.url}/change`));
  const floorRefetches = floorViewers.reduce((sum, viewer) => sum + viewer.refetches, 0);
  closeViewers(floorViewers.map((viewer) => viewer.socket));
  floorViewers.forEach((viewer) => viewer.close());
  await floorServer.stop();
  fs.rmSync(folder, { recursive: true, force: true });

  const frameBytes = frames[0]!.reduce((sum, frame) => sum + Buffer.byteLength(frame), 0);
  return { app, floor, refetches, floorRefetches, framesPerAdd: frames[0]!.length, frameBytes, entries: served.entries.length };
}
