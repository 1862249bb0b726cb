import { describe, expect, it } from "vitest";
import type { Session } from "@common/analytics";
import { csvField, csvFileName, sessionCsv } from "./session-csv";

const session: Session = {
  session_id: "s1",
  name: "Friday Night: Live!",
  started_at: "2026-11-20T19:00:00.000Z",
  duration: 3600,
  submissions_count: 2,
  priority_count: 1,
  skipped_count: 1,
  is_live: false,
  ended_at: "2026-11-20T20:00:00.000Z",
  saved_at: null,
  average_score: 8,
  top_scored: [],
  submissions_data: [
    {
      submission_id: "a",
      artist_name: 'The "Quiet" Ones',
      track_title: "Paper Boats, Part 2",
      username: "quietone",
      priority_level: 2,
      submitted_at: "2026-11-20T18:50:00.000Z",
      played_at: "2026-11-20T19:05:00.000Z",
      wait_seconds: 900,
      score: 8,
      skipped: false,
    },
    {
      submission_id: "b",
      artist_name: '=HYPERLINK("http://evil")',
      track_title: "Line\nbreak",
      username: "nova",
      priority_level: 0,
      submitted_at: "2026-11-20T19:00:00.000Z",
      played_at: "2026-11-20T19:10:00.000Z",
      wait_seconds: 600,
      score: null,
      skipped: true,
    },
  ],
};

describe("the session CSV", () => {
  it("writes a header and one row per song in play order, quoting what needs quoting, with the host's score or an empty cell and the songs voted off marked skipped", () => {
    expect(sessionCsv(session).split("\r\n")).toEqual([
      "Artist,Title,Username,Priority level,Priority,Submitted at,Played at,Wait (seconds),Score,Skipped by votes",
      '"The ""Quiet"" Ones","Paper Boats, Part 2",quietone,2,VIP,2026-11-20T18:50:00.000Z,2026-11-20T19:05:00.000Z,900,8,no',
      `"'=HYPERLINK(""http://evil"")","Line\nbreak",nova,0,Regular,2026-11-20T19:00:00.000Z,2026-11-20T19:10:00.000Z,600,,yes`,
      "",
    ]);
  });

  it("keeps a spreadsheet from running a cell as a formula, but leaves numbers alone", () => {
    expect(csvField("+1 555")).toBe("'+1 555");
    expect(csvField("@handle")).toBe("'@handle");
    expect(csvField("-5")).toBe("'-5");
    expect(csvField(-5)).toBe("-5");
    expect(csvField("plain")).toBe("plain");
  });

  it("names the file after the session and its day", () => {
    expect(csvFileName(session)).toBe("friday-night-live-2026-11-20.csv");
    expect(csvFileName({ ...session, name: "???" })).toBe("session-2026-11-20.csv");
  });
});
