import { describe, expect, it } from "vitest";
import type { Session, SessionPlay } from "@common/analytics";
import { acrossSessions, formatDuration, playedSince, playsPerHour, priorityVsRegular } from "./session-figures";

const play = (playedAt: Date, priority: 0 | 1 | 2 | 3, waitSeconds: number, title = "Song"): SessionPlay => ({
  submission_id: `${playedAt.getTime()}-${title}`,
  artist_name: "Artist",
  track_title: title,
  username: "someone",
  priority_level: priority,
  submitted_at: new Date(playedAt.getTime() - waitSeconds * 1000).toISOString(),
  played_at: playedAt.toISOString(),
  wait_seconds: waitSeconds,
  score: null,
  skipped: false,
});

const at = (hours: number, minutes: number) => new Date(2026, 10, 20, hours, minutes);

describe("session figures", () => {
  it("counts songs per clock hour, showing the empty hours in between", () => {
    const plays = [play(at(19, 5), 0, 60), play(at(19, 50), 1, 60), play(at(21, 10), 0, 60)];
    expect(playsPerHour(plays).map((row) => row.Songs)).toEqual([2, 0, 1]);
    expect(playsPerHour([])).toEqual([]);
  });

  it("compares priority and regular songs by count and average wait in seconds", () => {
    const plays = [play(at(19, 0), 2, 300), play(at(19, 10), 0, 1200), play(at(19, 20), 0, 601)];
    expect(priorityVsRegular(plays)).toEqual({ priority: 1, regular: 2, priorityWaitSeconds: 300, regularWaitSeconds: 901 });
    expect(priorityVsRegular([]).priorityWaitSeconds).toBeNull();
  });

  it("lines sessions up oldest first", () => {
    const session = (name: string, plays: SessionPlay[]) => ({ name, submissions_data: plays }) as Session;
    const rows = acrossSessions([session("Newer", [play(at(20, 0), 0, 120)]), session("Older", [])]);
    expect(rows.map((row) => [row.session, row.Regular, row["Regular wait"]])).toEqual([
      ["Older", 0, null],
      ["Newer", 1, 120],
    ]);
  });

  it("picks the played songs since the session's start for a save", () => {
    const played = [
      { id: "before", played_at: "2026-11-20T18:59:59.000Z" },
      { id: "after", played_at: "2026-11-20T19:00:00.000Z" },
    ];
    expect(playedSince(played, "2026-11-20T19:00:00.000Z")).toEqual(["after"]);
  });

  it("writes durations as a host reads them", () => {
    expect([formatDuration(42), formatDuration(12 * 60 + 5), formatDuration(65 * 60)]).toEqual(["42 s", "12 min", "1 h 05 min"]);
  });
});
