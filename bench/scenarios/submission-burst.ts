/**
 * (4) A burst of submissions from as many distinct guests (no secret: each POST is a new guest) over
 * 50 keep-alive connections, with 100 viewers following the Waiting list. From the web (`POST queuer/`)
 * or from chat: each request a different chatter's `!sr <YouTube link>` as Nightbot's $(urlfetch)
 * sends it (GET /chat/{secret}/sr with its Nightbot-User header), accepted when the line says queued. Accepted per second from the
 * first request to the last acceptance; every submission stored exactly once (read back from the
 * API's Waiting list); every viewer current (holding the server's final Waiting version) within
 * 200 ms of the last acceptance; the server's peak RSS from /proc. On SQLite and on PostgreSQL.
 * Two bursts on one server: the first just after it started, the second once the host has cleared
 * Waiting. The second is the figure (a raid reaches a server that has served the stream for a while,
 * its code compiled by V8 as (3)'s warm-up does); the first is reported beside it. The
 * same burst as channel-point redemptions is redemption-burst.ts; what the sources share, burst.ts.
 */
import { httpConnection } from "../clients";
import { watchRss } from "../proc-stats";
import { BURST } from "../settings";
import { afterBurst, clearWaiting, refetchesOf, followWaiting, videoId, videoMarker, watchBurstCores, withBurstServer, type BurstDatabase } from "./burst";

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
    marker: videoMarker(n),
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

export async function submissionBurst(port: number, database: BurstDatabase, source: "web" | "chat" = "web") {
  return withBurstServer(port, database, {}, async (server, api) => {
    const request = submitter(source, source === "chat" ? await api.chatSecret() : "");
    const viewers = await followWaiting(server.url);
    const connections = await Promise.all(Array.from({ length: BURST.connections }, () => httpConnection(server.url)));

    /** Submissions `first` to `first + BURST.submissions - 1`, each a guest or chatter of its own. */
    async function burst(first: number) {
      const rss = watchRss(server.pid);
      const refetchesBefore = refetchesOf(viewers);
      const refused: number[] = [];
      let next = first;
      const end = first + BURST.submissions;
      let accepted = 0;
      let lastAcceptedAt = 0;
      const started = performance.now();
      const cores = watchBurstCores(server.pid);
      await Promise.all(
        connections.map(async (connection) => {
          while (next < end) {
            const submit = request(next++);
            const response = await connection.request(submit.method, submit.path, submit.headers, submit.body);
            if (submit.accepted(response.status, response.body.toString())) {
              accepted += 1;
              lastAcceptedAt = performance.now();
            } else refused.push(response.status);
          }
        }),
      );
      const burstSeconds = (lastAcceptedAt - started) / 1000;
      const during = cores.stop(burstSeconds);
      const after = await afterBurst(api, viewers, lastAcceptedAt, rss, refetchesBefore, (n) => request(first + n).marker);
      return { accepted, refused: refused.length, refusedStatuses: [...new Set(refused)], perSecond: accepted / burstSeconds, ...during, ...after };
    }

    const first = await burst(0);
    await clearWaiting(api, viewers);
    const second = await burst(BURST.submissions);

    connections.forEach((connection) => connection.close());
    viewers.forEach((viewer) => viewer.close());
    return { database, source, ...second, first };
  });
}
