import http from "node:http";
import type { AddressInfo } from "node:net";
import { type FakeOembedTrack, oembedAnswer } from "./fake-oembed";

export type BroadcastContent = "live" | "upcoming" | "none";

/** A video as videos.list describes it (snippet, contentDetails, status); private videos are left out of answers, as YouTube does for an API key. */
export interface FakeVideo {
  title: string;
  channelTitle: string;
  /** ISO 8601, as contentDetails.duration: "PT3M33S". */
  duration: string;
  embeddable?: boolean;
  ageRestricted?: boolean;
  privacyStatus?: "public" | "unlisted" | "private";
}

export interface FakeYoutube {
  url: string;
  apiKey: string;
  /** The YOUTUBE_* settings that point the app at this server. */
  env: Record<string, string>;
  /** Videos by id and what they broadcast; unknown ids get `defaultVideo` (undefined: not found). */
  videos: Map<string, BroadcastContent>;
  defaultVideo: BroadcastContent | undefined;
  /** Channels by id and the id of their live video (null: nothing live). */
  channels: Map<string, string | null>;
  /** Handles (with the @) and their channel id. */
  handles: Map<string, string>;
  /** Videos with song details; they take precedence over `videos` and `defaultVideo`. */
  details: Map<string, FakeVideo>;
  /** oEmbed tracks by page address, answered at /soundcloud/oembed and /spotify/oembed (the e2e server has one fake for every platform). */
  oembed: Map<string, FakeOembedTrack>;
  /** Music videos search.list finds, by the lowercased words searched (type=video, videoCategoryId=10). */
  songs: Map<string, { videoId: string; title: string; channelTitle: string }>;
  /** "error": answer 503 with Google's error body; "hang": never answer; "garbage": 200 with HTML; "quota": 403 quotaExceeded. */
  failure: "error" | "hang" | "garbage" | "quota" | null;
  /** Waits this long before answering, so concurrent callers overlap. */
  delayMs: number;
  /** Every request's path and query, in order. */
  requests: URL[];
  close(): Promise<void>;
}

function googleError(code: number, reason: string, message: string) {
  return { error: { code, message, errors: [{ message, domain: "global", reason }] } };
}

/** A video resource with the parts asked for; thumbnails point at this server's /vi/ID/*.jpg. */
function videoResource(id: string, video: FakeVideo, parts: Set<string>, origin: string) {
  const thumbnail = (name: string, width: number, height: number) => ({ url: `${origin}/vi/${id}/${name}.jpg`, width, height });
  return {
    kind: "youtube#video",
    etag: "etag",
    id,
    ...(parts.has("snippet")
      ? {
          snippet: {
            publishedAt: "2026-01-01T00:00:00Z",
            channelId: "UCfakechannel0000000000",
            title: video.title,
            description: "",
            thumbnails: { default: thumbnail("default", 120, 90), medium: thumbnail("mqdefault", 320, 180), high: thumbnail("hqdefault", 480, 360) },
            channelTitle: video.channelTitle,
            categoryId: "10",
            liveBroadcastContent: "none",
          },
        }
      : {}),
    ...(parts.has("contentDetails")
      ? {
          contentDetails: {
            duration: video.duration,
            dimension: "2d",
            definition: "hd",
            caption: "false",
            licensedContent: true,
            contentRating: video.ageRestricted ? { ytRating: "ytAgeRestricted" } : {},
            projection: "rectangular",
          },
        }
      : {}),
    ...(parts.has("status")
      ? {
          status: {
            uploadStatus: "processed",
            privacyStatus: video.privacyStatus ?? "public",
            license: "youtube",
            embeddable: video.embeddable ?? true,
            publicStatsViewable: true,
            madeForKids: false,
          },
        }
      : {}),
  };
}

/** A thumbnail: a coloured picture of 320x180, its colour from the video id. */
function thumbnailSvg(id: string): string {
  const hue = [...id].reduce((sum, char) => sum + char.charCodeAt(0) * 7, 0) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"><rect width="320" height="180" fill="hsl(${hue},55%,45%)"/><polygon points="140,65 140,115 185,90" fill="#fff" opacity="0.85"/></svg>`;
}

/** A local stand-in for the YouTube Data API v3 (videos.list, search.list, channels.list) with the real answers' shapes. */
export async function startFakeYoutube(options: { port?: number; defaultVideo?: BroadcastContent } = {}): Promise<FakeYoutube> {
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeYoutube = {
    url: "",
    apiKey: "fake-youtube-key",
    env: {},
    videos: new Map(),
    defaultVideo: options.defaultVideo,
    channels: new Map(),
    handles: new Map(),
    details: new Map(),
    oembed: new Map(),
    songs: new Map(),
    failure: null,
    delayMs: 0,
    requests: [],
    close: async () => undefined,
  };

  function answer(url: URL): { status: number; body: unknown } {
    if (url.searchParams.get("key") !== fake.apiKey) return { status: 400, body: googleError(400, "badRequest", "API key not valid. Please pass a valid API key.") };
    const resource = url.pathname.replace(/^.*\//, "");
    if (resource === "videos") {
      const ids = (url.searchParams.get("id") ?? "").split(",").filter(Boolean);
      if (ids.length > 50) return { status: 400, body: googleError(400, "badRequest", "The request specifies too many video ids.") };
      const parts = new Set((url.searchParams.get("part") ?? "").split(","));
      const items = ids.flatMap((id): object[] => {
        const video = fake.details.get(id);
        if (video) return video.privacyStatus === "private" ? [] : [videoResource(id, video, parts, new URL(fake.url).origin)];
        const content = fake.videos.get(id) ?? fake.defaultVideo;
        if (!content) return [];
        return [
          {
            kind: "youtube#video",
            etag: "etag",
            id,
            snippet: { publishedAt: "2026-01-01T00:00:00Z", channelId: "UCfakechannel0000000000", title: `Video ${id}`, liveBroadcastContent: content },
            liveStreamingDetails:
              content === "none"
                ? { actualStartTime: "2026-01-01T00:00:00Z", actualEndTime: "2026-01-01T02:00:00Z" }
                : { actualStartTime: "2026-01-01T00:00:00Z", concurrentViewers: "42" },
          },
        ];
      });
      return { status: 200, body: { kind: "youtube#videoListResponse", etag: "etag", items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } } };
    }
    if (resource === "search" && url.searchParams.has("q")) {
      if (url.searchParams.get("type") !== "video") return { status: 400, body: googleError(400, "invalidSearchFilter", "videoCategoryId needs type=video") };
      const song = url.searchParams.get("videoCategoryId") === "10" ? fake.songs.get((url.searchParams.get("q") ?? "").toLowerCase()) : undefined;
      const items = song
        ? [
            {
              kind: "youtube#searchResult",
              etag: "etag",
              id: { kind: "youtube#video", videoId: song.videoId },
              snippet: { channelId: "UCsong", title: song.title, channelTitle: song.channelTitle, liveBroadcastContent: "none" },
            },
          ]
        : [];
      return { status: 200, body: { kind: "youtube#searchListResponse", etag: "etag", regionCode: "US", pageInfo: { totalResults: items.length, resultsPerPage: 1 }, items } };
    }
    if (resource === "search") {
      const channelId = url.searchParams.get("channelId") ?? "";
      if (url.searchParams.get("eventType") !== "live" || url.searchParams.get("type") !== "video")
        return { status: 400, body: googleError(400, "invalidSearchFilter", "eventType needs type=video") };
      const live = fake.channels.get(channelId);
      const items = live
        ? [
            {
              kind: "youtube#searchResult",
              etag: "etag",
              id: { kind: "youtube#video", videoId: live },
              snippet: { channelId, title: `Live on ${channelId}`, liveBroadcastContent: "live" },
            },
          ]
        : [];
      return { status: 200, body: { kind: "youtube#searchListResponse", etag: "etag", regionCode: "US", pageInfo: { totalResults: items.length, resultsPerPage: 1 }, items } };
    }
    if (resource === "channels") {
      const id = fake.handles.get(url.searchParams.get("forHandle") ?? "");
      const items = id ? [{ kind: "youtube#channel", etag: "etag", id }] : [];
      return {
        status: 200,
        body: { kind: "youtube#channelListResponse", etag: "etag", pageInfo: { totalResults: items.length, resultsPerPage: 5 }, ...(items.length ? { items } : {}) },
      };
    }
    return { status: 404, body: googleError(404, "notFound", "Not Found") };
  }

  /** PUT /__fake {videos, channels, handles, defaultVideo, failure}: how a test in another process sets the state. */
  function control(request: http.IncomingMessage, response: http.ServerResponse) {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const state = JSON.parse(body || "{}") as Partial<{
        videos: Record<string, BroadcastContent>;
        channels: Record<string, string | null>;
        handles: Record<string, string>;
        defaultVideo: BroadcastContent | null;
        failure: FakeYoutube["failure"];
        details: Record<string, FakeVideo>;
        oembed: Record<string, FakeOembedTrack>;
      }>;
      for (const [page, track] of Object.entries(state.oembed ?? {})) fake.oembed.set(page, track);
      for (const [id, video] of Object.entries(state.details ?? {})) fake.details.set(id, video);
      for (const [id, content] of Object.entries(state.videos ?? {})) fake.videos.set(id, content);
      for (const [id, live] of Object.entries(state.channels ?? {})) fake.channels.set(id, live);
      for (const [handle, id] of Object.entries(state.handles ?? {})) fake.handles.set(handle, id);
      if (state.defaultVideo !== undefined) fake.defaultVideo = state.defaultVideo ?? undefined;
      if (state.failure !== undefined) fake.failure = state.failure;
      response.writeHead(204).end();
    });
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-youtube");
    if (url.pathname === "/__fake" && request.method === "PUT") return control(request, response);
    const thumbnail = /^\/(?:vi|art)\/([\w-]{1,40})(?:\/\w+)?\.jpg$/.exec(url.pathname);
    if (/^\/(soundcloud|spotify)\/oembed$/.test(url.pathname)) {
      const { status, body } = oembedAnswer(url, fake.oembed, fake.url);
      return void response.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
    }
    if (thumbnail) return void response.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=3600" }).end(thumbnailSvg(thumbnail[1]!));
    fake.requests.push(url);
    if (fake.failure === "hang") {
      hanging.add(response);
      return;
    }
    setTimeout(() => {
      if (fake.failure === "garbage") {
        response.writeHead(200, { "content-type": "text/html" }).end("<html>oops</html>");
        return;
      }
      const { status, body } =
        fake.failure === "error"
          ? { status: 503, body: googleError(503, "backendError", "Backend Error") }
          : fake.failure === "quota"
            ? { status: 403, body: googleError(403, "quotaExceeded", "The request cannot be completed because you have exceeded your quota.") }
            : answer(url);
      response.writeHead(status, { "content-type": "application/json; charset=UTF-8" }).end(JSON.stringify(body));
    }, fake.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/youtube/v3`;
  fake.env = { YOUTUBE_API_BASE: fake.url, YOUTUBE_API_KEY: fake.apiKey };
  fake.close = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
