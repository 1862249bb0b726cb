import { PRIORITY_LABELS } from "@common/limits";
import type { Session } from "@common/analytics";

const HEADER = ["Artist", "Title", "Username", "Priority level", "Priority", "Submitted at", "Played at", "Wait (seconds)", "Score", "Skipped by votes"];

/**
 * One CSV field: quoted when it holds a comma, quote or line break (quotes doubled, RFC 4180), and a
 * leading =, +, - or @ neutralised with an apostrophe so a spreadsheet never runs a name as a formula.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The session's played list, one song a row, in play order. */
export function sessionCsv(session: Session): string {
  const rows = session.submissions_data.map((play) => [
    play.artist_name,
    play.track_title,
    play.username,
    play.priority_level,
    PRIORITY_LABELS[play.priority_level],
    play.submitted_at,
    play.played_at,
    play.wait_seconds,
    // Unscored songs leave the cell empty, so a spreadsheet's average counts only the scores given.
    play.score ?? "",
    play.skipped ? "yes" : "no",
  ]);
  return [HEADER, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** "friday-show-2026-11-22.csv". */
export function csvFileName(session: Session): string {
  const slug =
    session.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "session";
  return `${slug}-${session.started_at.slice(0, 10)}.csv`;
}

/** Hands the CSV to the browser as a download. */
export function downloadSessionCsv(session: Session): void {
  // The byte-order mark makes spreadsheet programs read the names as UTF-8.
  const blob = new Blob(["\uFEFF", sessionCsv(session)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = csvFileName(session);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
