/** Reads the video id out of the usual YouTube address forms; null for anything else. */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return /^[\w-]{11}$/.test(link.trim()) ? link.trim() : null;
  }
  const host = url.hostname.replace(/^(www|m|music)\./, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.slice(1).split("/")[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, kind, value] = url.pathname.split("/");
    id = kind === "watch" ? url.searchParams.get("v") : kind === "live" || kind === "embed" || kind === "shorts" ? (value ?? null) : null;
  }
  return id && /^[\w-]{11}$/.test(id) ? id : null;
}
