/**
 * (1) One add until every viewer holds the new Waiting list: LiveQueue's versioned update (applied
 * with the shared client rule, or a refetch when it cannot be) against the floor without deltas, a
 * bare server that sends a bare update after which every viewer refetches the same gzip bytes.
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

/** From just before `trigger` until every viewer holds a newer list; the median of REPEATS. */
async function timeUntilEveryViewerHoldsTheNext(viewers: ListViewer[], trigger: (r: number) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < REPEATS; r += 1) {
    const arrivals = viewers.map((viewer) => viewer.nextList());
    const started = performance.now();
    await trigger(r);
    const held = await Promise.all(arrivals);
    times.push(Math.max(...held) - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return median(times);
}

export async function oneAdd(port: number, floorPort: number) {
  const server = await startLiveQueue(port);
  const api = liveQueueApi(server.url);
  await api.signIn();
  await api.openQueue();
  await api.fill(ONE_ADD.waiting);
  const viewers = await crowd(server.url, "/ws/public", WAITING_PATH, ONE_ADD.viewers);
  const app = await timeUntilEveryViewerHoldsTheNext(viewers, (r) => api.submitAsGuest(`one-add ${r}`));

  // Outside the timing: every viewer holds exactly the server's list.
  const served = await api.waiting();
  for (const viewer of viewers) {
    if (viewer.version !== served.version) throw new Error(`a viewer holds ${viewer.version}, the server ${served.version}`);
  }
  const sample = viewers[viewers.length - 1]!.list();
  if (JSON.stringify(sample.map((e) => e.id)) !== JSON.stringify(served.entries.map((e: any) => e.id))) throw new Error("a viewer's list differs from the server's");
  const refetches = viewers.reduce((sum, viewer) => sum + viewer.refetches, 0);

  // The same gzip bytes for the floor.
  const connection = await httpConnection(server.url);
  const gzip = await connection.request("GET", WAITING_PATH, { "accept-encoding": "gzip" });
  connection.close();
  viewers.forEach((viewer) => viewer.close());
  await server.stop();

  const listFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-floor-")), "list.json.gz");
  fs.writeFileSync(listFile, gzip.body);
  const floorServer = await startBaseline("bare-list.ts", floorPort, { LIST_FILE: listFile, LIST_COUNT: String(served.entries.length) });
  const floorViewers = await crowd(floorServer.url, "/", "/list", ONE_ADD.viewers);
  const floor = await timeUntilEveryViewerHoldsTheNext(floorViewers, () => fetch(`${floorServer.url}/change`));
  closeViewers(floorViewers.map((viewer) => viewer.socket));
  floorViewers.forEach((viewer) => viewer.close());
  await floorServer.stop();
  fs.rmSync(path.dirname(listFile), { recursive: true, force: true });

  return { app, floor, refetches, listBytes: gzip.body.length, entries: served.entries.length };
}
