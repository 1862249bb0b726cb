import http from "node:http";
import type { AddressInfo } from "node:net";

/** What an oEmbed endpoint answers for one track page. */
export interface FakeOembedTrack {
  title: string;
  author_name?: string;
  /** A path on this server ("/art/x.jpg") or a full address. */
  thumbnail_url?: string;
}

export interface FakeOembed {
  url: string;
  /** The SOUNDCLOUD_OEMBED_URL and SPOTIFY_OEMBED_URL settings that point the app at this server. */
  env: Record<string, string>;
  /** Tracks by the page address asked about (the `url` parameter); any other gets 404, as both platforms answer. */
  tracks: Map<string, FakeOembedTrack>;
  /** "error": 503; "hang": never answer; "garbage": 200 with HTML. */
  failure: "error" | "hang" | "garbage" | null;
  requests: URL[];
  close(): Promise<void>;
}

/** The answer of `/soundcloud/oembed` or `/spotify/oembed` for the track `url` names; thumbnails given as paths are served from `origin`. */
export function oembedAnswer(url: URL, tracks: Map<string, FakeOembedTrack>, origin: string): { status: number; body: unknown } {
  const platform = url.pathname.split("/").at(-2);
  if (platform === "soundcloud" && url.searchParams.get("format") !== "json") return { status: 400, body: { error: "format must be json" } };
  const track = tracks.get(url.searchParams.get("url") ?? "");
  if (!track || (platform !== "soundcloud" && platform !== "spotify")) return { status: 404, body: { status: 404, error: "Not Found" } };
  const thumbnail = track.thumbnail_url?.startsWith("/") ? `${new URL(origin).origin}${track.thumbnail_url}` : track.thumbnail_url;
  const common = { version: 1, type: "rich", title: track.title, thumbnail_url: thumbnail, width: "100%", html: `<iframe src="https://example.invalid/embed"></iframe>` };
  return platform === "soundcloud"
    ? {
        status: 200,
        body: {
          ...common,
          provider_name: "SoundCloud",
          provider_url: "https://soundcloud.com",
          height: 166,
          description: "",
          author_name: track.author_name,
          author_url: "https://soundcloud.com/x",
        },
      }
    : { status: 200, body: { ...common, provider_name: "Spotify", provider_url: "https://spotify.com", height: 152, thumbnail_width: 300, thumbnail_height: 300 } };
}

/**
 * A local stand-in for SoundCloud's (`/soundcloud/oembed?format=json&url=`) and Spotify's
 * (`/spotify/oembed?url=`) oEmbed endpoints, answering the real JSON fields (INTEGRATIONS.md §10).
 */
export async function startFakeOembed(options: { port?: number } = {}): Promise<FakeOembed> {
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeOembed = { url: "", env: {}, tracks: new Map(), failure: null, requests: [], close: async () => undefined };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-oembed");
    if (url.pathname.startsWith("/art/")) {
      return void response
        .writeHead(200, { "content-type": "image/svg+xml" })
        .end(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="#e8590c"/></svg>`);
    }
    fake.requests.push(url);
    if (fake.failure === "hang") return void hanging.add(response);
    if (fake.failure === "garbage") return void response.writeHead(200, { "content-type": "text/html" }).end("<html>oops</html>");
    const { status, body } = fake.failure === "error" ? { status: 503, body: { error: "Service Unavailable" } } : oembedAnswer(url, fake.tracks, fake.url);
    response.writeHead(status, { "content-type": "application/json; charset=utf-8", "access-control-allow-origin": "*" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = origin;
  fake.env = { SOUNDCLOUD_OEMBED_URL: `${origin}/soundcloud/oembed`, SPOTIFY_OEMBED_URL: `${origin}/spotify/oembed` };
  fake.close = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
