import { z } from "zod";
import type { Config } from "../../config";
import type { ChatSongSearch, FoundSong } from "./chat-requests.service";

/** YouTube's "Music" video category. */
const MUSIC_CATEGORY = "10";
/** search.list has a small daily quota: the same words within a day are answered from memory. */
const CACHE_MS = 24 * 60 * 60 * 1000;
const CACHE_MAX = 500;

const searchSchema = z.object({
  items: z.array(z.object({ id: z.object({ videoId: z.string().optional() }), snippet: z.object({ title: z.string(), channelTitle: z.string().default("") }) })).default([]),
});

/** Titles come back HTML-escaped from search.list. */
const unescape = (text: string) => text.replace(/&(amp|quot|#39|lt|gt);/g, (_, name: string) => ({ amp: "&", quot: '"', "#39": "'", lt: "<", gt: ">" })[name] ?? "");

/**
 * `!sr words`: the top music video YouTube finds for them (search.list, type video, category Music).
 * Null when there is no key (search is off); `find` throws when YouTube cannot be asked.
 */
export function createYoutubeSongSearch(config: Config["youtube"], now: () => number = Date.now): ChatSongSearch | undefined {
  if (!config.apiKey) return undefined;
  const cache = new Map<string, { at: number; song: FoundSong | null }>();

  return {
    async find(words: string): Promise<FoundSong | null> {
      const key = words.trim().toLowerCase().replace(/\s+/g, " ");
      const cached = cache.get(key);
      if (cached && now() - cached.at < CACHE_MS) return cached.song;
      const query = new URLSearchParams({ part: "snippet", type: "video", videoCategoryId: MUSIC_CATEGORY, maxResults: "1", q: key, key: config.apiKey ?? "" });
      const response = await fetch(`${config.apiBase}/search?${query}`, { signal: AbortSignal.timeout(config.timeoutMs) });
      if (!response.ok) throw new Error(`YouTube search answered ${response.status}`);
      const top = searchSchema.parse(await response.json()).items.find((item) => item.id.videoId);
      const song = top ? { link: `https://www.youtube.com/watch?v=${top.id.videoId}`, title: unescape(top.snippet.title), channel: unescape(top.snippet.channelTitle) } : null;
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(key, { at: now(), song });
      return song;
    },
  };
}
