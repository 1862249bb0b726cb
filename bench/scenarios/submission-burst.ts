/**
 * (4) A burst of submissions from as many distinct guests (no secret: each POST is a new guest) over
 * 50 keep-alive connections, with 100 viewers following the Waiting list. From the web (`POST queuer/`)
 * or from chat: each request a different chatter's `!sr <YouTube link>` as Nightbot's $(urlfetch)
 * sends it (GET /chat/{secret}/sr with its Nightbot-User header), accepted when the line says queued. Accepted per second from the
 * first request to the last acceptance; every submission stored exactly once (read back from the
 * API's Waiting list); every viewer current (holding the server's final Waiting version) within
 * 200 ms of the last acceptance; the server's peak RSS from /proc. On SQLite and on PostgreSQL.
 */
import { liveQueueApi } from "../api";
import { httpConnection, inBatches, openViewers } from "../clients";
import { ListViewer } from "../list-viewer";
import { startLiveQueue } from "../processes";
import { cpuSeconds, watchRss } from "../proc-stats";
import { freshPostgresDatabase } from "../postgres";
import { BURST } from "../settings";

/** A YouTube video id of its own for each request: 11 characters of the id alphabet. */
const videoId = (n: number) => `bench${n.toString(36).padStart(6, "0")}`;

/** Which request of the burst a stored link came from. */
const requestOfLink = (link: string): string | undefined => /\/burst\/(\d+)$/.exec(link)?.[1] ?? /bench([0-9a-z]{6})/.exec(link)?.[1];

/** The request that submits song `n`, from the web form or from a chat bot, and whether its answer is an acceptance. */
function submitter(source: "web" | "chat", chatSecret: string) {
  if (source === "web") {
    return (n: number) => ({
      marker: String(n),
      method: "POST",
      path: "/api/v1/queuer/",
      headers: {},
      body: JSON.stringify({ artist_name: `Burst ${n}`, track_title: `Burst song ${n}`, link: `https://example.com/burst/${n}` }),
      accepted: (status: number) => status === 201,
    });
  }
  return (n: number) => ({
    marker: n.toString(36).padStart(6, "0"),
    method: "GET",
    path: `/api/v1/chat/${chatSecret}/sr?q=${encodeURIComponent(`https://youtu.be/${videoId(n)}`)}`,
    headers: {
      "nightbot-user": new URLSearchParams({
        name: `chatter${n}`,
        displayName: `Chatter${n}`,
        provider: "twitch",
        providerId: String(100_000 + n),
        userLevel: "everyone",
      }).toString(),
      "nightbot-channel": new URLSearchParams({ name: "host", displayName: "Host", provider: "twitch", providerId: "900" }).toString(),
    },
    body: undefined,
    accepted: (status: number, line: string) => status === 200 && line.includes("queued your song"),
  });
}

export async function submissionBurst(port: number, database: "sqlite" | "postgres", source: "web" | "chat" = "web") {
  const postgres = database === "postgres" ? await freshPostgresDatabase() : null;
  const server = await startLiveQueue(port, postgres ? { DATABASE_URL: postgres.url } : {});
  try {
    const api = liveQueueApi(server.url);
    await api.signIn();
    await api.openQueue();
    const request = submitter(source, source === "chat" ? await api.chatSecret() : "");
    const sockets = await openViewers(`${server.url.replace("http", "ws")}/ws/public`, BURST.viewers, { subscribe: true });
    const viewers = await inBatches(sockets, 100, (socket) => ListViewer.open(socket, server.url));
    const connections = await Promise.all(Array.from({ length: BURST.connections }, () => httpConnection(server.url)));

    const rss = watchRss(server.pid);
    const refused: number[] = [];
    let next = 0;
    let accepted = 0;
    let lastAcceptedAt = 0;
    const started = performance.now();
    const serverCpuBefore = cpuSeconds(server.pid);
    const benchCpuBefore = process.cpuUsage();
    await Promise.all(
      connections.map(async (connection) => {
        while (next < BURST.submissions) {
          const submit = request(next++);
          const response = await connection.request(submit.method, submit.path, submit.headers, submit.body);
          if (submit.accepted(response.status, response.body.toString())) {
            accepted += 1;
            lastAcceptedAt = performance.now();
          } else refused.push(response.status);
        }
      }),
    );
    const perSecond = accepted / ((lastAcceptedAt - started) / 1000);
    const burstSeconds = (lastAcceptedAt - started) / 1000;
    // Both processes share two cores: what each used during the burst says which one held the rate back.
    const serverCores = (cpuSeconds(server.pid) - serverCpuBefore) / burstSeconds;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const benchCores = (benchCpu.user + benchCpu.system) / 1e6 / burstSeconds;

    // The server's final version; each viewer's time to hold it, counted from the last acceptance.
    const served = await api.waiting();
    const held = await Promise.race([Promise.all(viewers.map((viewer) => viewer.until(served.version))), new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]);
    const peakRss = rss.stop();
    const currentAfter = held ? Math.max(0, Math.max(...held) - lastAcceptedAt) : Infinity;

    const counts = new Map<string, number>();
    for (const entry of served.entries) {
      const marker = requestOfLink(entry.link);
      if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
    }
    let storedOnce = 0;
    for (let n = 0; n < BURST.submissions; n += 1) if (counts.get(request(n).marker) === 1) storedOnce += 1;
    const duplicates = [...counts.values()].filter((count) => count > 1).length;

    connections.forEach((connection) => connection.close());
    viewers.forEach((viewer) => viewer.close());
    return {
      database,
      source,
      accepted,
      refused: refused.length,
      refusedStatuses: [...new Set(refused)],
      perSecond,
      storedOnce,
      duplicates,
      currentAfter,
      refetches: viewers.reduce((sum, viewer) => sum + viewer.refetches, 0),
      peakRssMb: peakRss / 2 ** 20,
      serverCores,
      benchCores,
    };
  } finally {
    await server.stop();
    await postgres?.drop();
  }
}
