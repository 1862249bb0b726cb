/**
 * One viewer process of `npm run bench:crowd`: it holds a share of the crowd on one LiveQueue instance,
 * each viewer a visitor of `/queue` as the web client is: a socket subscribed to every list and the
 * Waiting list held and followed with the shared rule (apply, or refetch on a gap). A visitor idle on
 * the page holds only its socket (the server closes an idle keep-alive connection after 72 s), so a
 * viewer connects for a request and closes after it; viewers with an entry keep a connection and
 * refresh their position as the web client does. Started by bench/crowd.ts with `fork`; it answers on
 * the IPC channel (see CrowdRequest).
 */
import { httpConnection, httpOnDemand, inBatches, openViewers } from "./clients";
import { ListViewer } from "./list-viewer";
import { refreshLikeTheWebClient, type RefreshTally } from "./web-client-refresh";

export interface CrowdShare {
  baseUrl: string;
  viewers: number;
  /** The user ids of the entries this share's first viewers hold (one viewer each). */
  entryUserIds: string[];
}

export type CrowdRequest =
  { type: "open"; share: CrowdShare } | { type: "await"; id: number; version: string; sentAt: number; giveUpMs: number } | { type: "tally" } | { type: "close" };

export type CrowdAnswer =
  | { type: "opened" }
  | { type: "held"; id: number; delaysMs: number[]; missed: number }
  | { type: "tally"; refetches: number; applied: number; tally: RefreshTally }
  | { type: "error"; message: string };

/** A clock every process reads alike. */
const absoluteNow = (at: number) => performance.timeOrigin + at;

let viewers: ListViewer[] = [];
const tally: RefreshTally = { positions: 0, overviews: 0, failed: 0 };
const answer = (message: CrowdAnswer) => process.send!(message);

async function open({ baseUrl, viewers: count, entryUserIds }: CrowdShare) {
  const sockets = await openViewers(`${baseUrl.replace("http", "ws")}/ws/public`, count, { subscribe: true, concurrency: 250 });
  viewers = await inBatches(sockets, 100, async (socket, index) => {
    const userId = entryUserIds[index];
    const viewer = new ListViewer(socket, userId ? await httpConnection(baseUrl) : httpOnDemand(baseUrl));
    await viewer.refetch();
    if (userId) refreshLikeTheWebClient(viewer, userId, tally, { overview: false });
    return viewer;
  });
}

async function held(id: number, version: string, sentAt: number, giveUpMs: number) {
  const giveUp = new Promise<null>((resolve) => setTimeout(() => resolve(null), giveUpMs));
  const times = await Promise.all(viewers.map((viewer) => Promise.race([viewer.until(version), giveUp])));
  const delaysMs = times.filter((at): at is number => at !== null).map((at) => Math.round(Math.max(0, absoluteNow(at) - sentAt) * 10) / 10);
  answer({ type: "held", id, delaysMs, missed: times.length - delaysMs.length });
}

process.on("message", (request: CrowdRequest) => {
  const failed = (error: unknown) => answer({ type: "error", message: String(error) });
  switch (request.type) {
    case "open":
      open(request.share).then(() => answer({ type: "opened" }), failed);
      break;
    case "await":
      held(request.id, request.version, request.sentAt, request.giveUpMs).catch(failed);
      break;
    case "tally":
      answer({ type: "tally", refetches: viewers.reduce((sum, v) => sum + v.refetches, 0), applied: viewers.reduce((sum, v) => sum + v.applied, 0), tally });
      break;
    case "close":
      viewers.forEach((viewer) => viewer.close());
      process.disconnect();
      break;
  }
});
