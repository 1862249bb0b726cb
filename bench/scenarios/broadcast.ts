/**
 * (2) `queue_update` at 10,000 sockets against the floor on the wire: a bare `ws` server sending the
 * same sockets the frames LiveQueue sent for the same change, byte for byte and as many. The sockets
 * arrive in batches, as a crowd does, and each is confirmed subscribed (subscribe_queue, then a ping
 * answered by a pong) before any timing. LiveQueue's change is an admin removing a waiting entry.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeViewers, median, openViewers, type Viewer } from "../clients";
import { startBaseline, type Started } from "../processes";
import { BROADCAST, REPEATS } from "../settings";

const isWaitingUpdate = (message: any) => message.queue_type === "waiting";

async function timeUntilAll(viewers: Viewer[], trigger: () => Promise<unknown>) {
  const arrivals = viewers.map((viewer) => viewer.next("queue_update", isWaitingUpdate));
  const started = performance.now();
  await trigger();
  await Promise.all(arrivals);
  return performance.now() - started;
}

export async function broadcast(app: { server: Started; api: { remove(id: string): Promise<unknown> }; userIds: string[] }, floorPort: number) {
  const url = `${app.server.url.replace("http", "ws")}/ws/public`;
  const viewers = await openViewers(url, BROADCAST.sockets, { subscribe: true, concurrency: BROADCAST.batch });
  // What one socket (all are alike) received for each change, for the floor to send.
  const frames: string[][] = [];
  let received: string[] = [];
  viewers[0]!.socket.on("message", (data) => received.push(String(data)));
  const appTimes: number[] = [];
  for (let r = 0; r < REPEATS; r += 1) {
    appTimes.push(await timeUntilAll(viewers, () => app.api.remove(app.userIds[r]!)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    frames.push(received);
    received = [];
  }
  closeViewers(viewers);
  await app.server.stop();

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-floor-"));
  fs.writeFileSync(path.join(folder, "frames.json"), JSON.stringify(frames));
  const floor = await startBaseline("wire-floor.ts", floorPort, { FRAMES_FILE: path.join(folder, "frames.json") });
  const floorViewers = await openViewers(floor.url.replace("http", "ws"), BROADCAST.sockets, { subscribe: true, concurrency: BROADCAST.batch });
  const floorTimes: number[] = [];
  for (let r = 0; r < REPEATS; r += 1) floorTimes.push(await timeUntilAll(floorViewers, () => fetch(`${floor.url}/change`)));
  closeViewers(floorViewers);
  await floor.stop();
  fs.rmSync(folder, { recursive: true, force: true });

  const frameBytes = frames[0]!.reduce((sum, frame) => sum + Buffer.byteLength(frame), 0);
  return { floor: median(floorTimes), app: median(appTimes), framesPerChange: frames[0]!.length, frameBytes };
}
