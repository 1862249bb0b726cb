/**
 * The host's and the submitting guests' devices in (5): a worker thread that makes each change when
 * told and reports when its request left. Thousands of simulated viewers keep the benchmark's main
 * thread busy; a change sent from there would wait behind them, a delay no real host's device has.
 */
import { parentPort, Worker, workerData } from "node:worker_threads";
import { liveQueueApi } from "./api";

type Change = { kind: "submit"; label: string } | { kind: "remove"; userId: string };
type Done = { id: number; sentAt: number; userId?: string; error?: string };

/** A clock every thread reads alike: each thread's performance.now() counts from its own origin. */
const absoluteNow = () => performance.timeOrigin + performance.now();

if (parentPort && workerData?.role === "host-device") {
  const port = parentPort;
  const api = liveQueueApi(workerData.baseUrl as string);
  await api.signIn();
  port.on("message", async ({ id, change }: { id: number; change: Change }) => {
    const sentAt = absoluteNow();
    try {
      if (change.kind === "remove") await api.remove(change.userId);
      const userId = change.kind === "submit" ? (await api.submitAsGuest(change.label)).queuer.user_id : undefined;
      port.postMessage({ id, sentAt, userId } satisfies Done);
    } catch (error) {
      port.postMessage({ id, sentAt, error: String(error) } satisfies Done);
    }
  });
  port.postMessage("ready");
}

/** Starts the host's device; `change` resolves with the time (this thread's performance.now()) its request left. */
export async function startHostDevice(baseUrl: string) {
  // tsx's loader does not reach worker threads started from a .ts file: the worker registers it first.
  const entry = `import { register } from ${JSON.stringify(import.meta.resolve("tsx/esm/api"))}; register(); await import(${JSON.stringify(import.meta.url)});`;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(entry)}`), { workerData: { role: "host-device", baseUrl } });
  await new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", () => resolve());
  });
  let nextId = 0;
  const pending = new Map<number, (done: Done) => void>();
  worker.on("message", (done: Done) => pending.get(done.id)?.(done));
  return {
    change(change: Change): Promise<{ sentAt: number; userId?: string }> {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, (done) => {
          pending.delete(id);
          if (done.error) reject(new Error(done.error));
          else resolve({ sentAt: done.sentAt - performance.timeOrigin, userId: done.userId });
        });
        worker.postMessage({ id, change });
      });
    },
    stop: () => worker.terminate(),
  };
}
