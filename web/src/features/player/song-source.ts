import { canonicalizeLink } from "@common/link-canonical";
import type { Entry } from "@common/queue";

/** Where a queue entry plays: an upload, one of the three embeddable platforms, or only as a link. */
export type SongSource =
  | { kind: "upload"; fileKey: string }
  | { kind: "youtube"; videoId: string }
  | { kind: "soundcloud"; url: string }
  | { kind: "spotify"; uri: string }
  | { kind: "link"; url: string };

/** The source of an entry, read from its file or its link's canonical form; any other site is a link to open. */
export function songSourceOf(entry: Pick<Entry, "link" | "file_key">): SongSource {
  if (entry.file_key) return { kind: "upload", fileKey: entry.file_key };
  const link = canonicalizeLink(entry.link);
  if (!link) return { kind: "link", url: entry.link };
  if (link.platform === "youtube" && link.videoId) return { kind: "youtube", videoId: link.videoId };
  if (link.platform === "soundcloud") return { kind: "soundcloud", url: link.url };
  if (link.platform === "spotify") return { kind: "spotify", uri: link.key };
  return { kind: "link", url: entry.link };
}
