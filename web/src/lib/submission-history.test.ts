import { describe, expect, it } from "vitest";
import type { HistoryItem } from "@common/users";
import { arrangeActivity } from "./submission-history";

const item = (id: string, track_title: string, artist_name: string, status: HistoryItem["status"], submitted_at: string): HistoryItem => ({
  id,
  track_title,
  artist_name,
  status,
  submitted_at,
  played_at: status === "played" ? submitted_at : null,
  score: null,
  score_note: null,
});

const items: HistoryItem[] = [
  item("a", "neon drive", "Luna Wave", "played", "2026-11-20T10:00:00.000Z"),
  item("b", "Coffee Rain", "mira beats", "waiting", "2026-11-22T10:00:00.000Z"),
  item("c", "Àlbum Song", "DJ Kofi", "on_hold", "2026-11-21T10:00:00.000Z"),
  item("d", "Paper Planes", "Nova K", "played", "2026-11-19T10:00:00.000Z"),
];
const ids = (list: HistoryItem[]) => list.map((entry) => entry.id);

describe("Recent Activity order", () => {
  it("puts the newest first, or the oldest", () => {
    expect(ids(arrangeActivity(items, "newest", "all"))).toEqual(["b", "c", "a", "d"]);
    expect(ids(arrangeActivity(items, "oldest", "all"))).toEqual(["d", "a", "c", "b"]);
  });

  it("sorts titles and artists A-Z without regard to case or accents", () => {
    expect(ids(arrangeActivity(items, "title", "all"))).toEqual(["c", "b", "a", "d"]);
    expect(ids(arrangeActivity(items, "artist", "all"))).toEqual(["c", "a", "b", "d"]);
  });

  it("sorts by the status as shown (In Queue, On Hold, Played), newest first within one", () => {
    expect(ids(arrangeActivity(items, "status", "all"))).toEqual(["b", "c", "a", "d"]);
  });

  it("keeps only played submissions with the Played only filter", () => {
    expect(ids(arrangeActivity(items, "newest", "played"))).toEqual(["a", "d"]);
  });

  it("leaves the list it was given untouched", () => {
    arrangeActivity(items, "oldest", "all");
    expect(ids(items)).toEqual(["a", "b", "c", "d"]);
  });
});
