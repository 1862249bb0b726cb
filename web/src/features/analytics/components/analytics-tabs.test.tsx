import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Notifications } from "@mantine/notifications";
import type { Session } from "@common/analytics";
import { renderWithProviders } from "../../../test/render";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { AnalyticsTabs } from "./analytics-tabs";

/** A small admin backend: each `METHOD path` answers what `answers` holds (200 [] otherwise); every call is recorded. */
let answers: Record<string, [number, unknown]> = {};
const { calls } = useFakeAdminApi(({ method, path }) => answers[`${method} ${path}`] ?? [200, []]);
beforeEach(() => {
  answers = {};
});

const ended: Session = {
  session_id: "s1",
  name: "Friday show",
  started_at: "2026-11-20T19:00:00.000Z",
  duration: 3600,
  submissions_count: 0,
  priority_count: 0,
  skipped_count: 0,
  submissions_data: [],
  average_score: null,
  top_scored: [],
  is_live: false,
  ended_at: "2026-11-20T20:00:00.000Z",
  saved_at: null,
};

const renderTab = (tab: string) =>
  renderWithProviders(
    <>
      <Notifications />
      <AnalyticsTabs />
    </>,
    { route: `/analytics?tab=${tab}` },
  );

describe("the Sessions tab", () => {
  it("asks for a session name before starting, and says so when the start fails", async () => {
    answers["POST analytics/sessions/start"] = [500, { detail: "Internal server error" }];
    renderTab("sessions");
    const form = await screen.findByRole("form", { name: "Start a session" });
    await userEvent.click(within(form).getByRole("button", { name: "Start session" }));
    expect(await within(form).findByText("Please enter a session name!")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    await userEvent.type(within(form).getByLabelText("Session name"), "Friday show");
    await userEvent.click(within(form).getByRole("button", { name: "Start session" }));
    expect(await screen.findByText("Failed to start session!")).toBeTruthy();
    const start = calls.find((call) => call.method === "POST")!;
    expect(JSON.parse(start.body)).toEqual({ name: "Friday show", started_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/) });
  });

  it("says when a session's details cannot be loaded", async () => {
    answers["GET analytics/sessions"] = [200, [ended]];
    answers["GET analytics/sessions/s1"] = [500, { detail: "Internal server error" }];
    renderTab("sessions");
    await userEvent.click(await screen.findByRole("button", { name: "Details of Friday show" }));
    await waitFor(() => expect(screen.getAllByText("Failed to load session details").length).toBeGreaterThan(0));
  });

  it("saves the live session with the songs played since it started, and reports a session ended meanwhile", async () => {
    const live = { ...ended, is_live: true, ended_at: null };
    answers["GET analytics/sessions"] = [200, [live]];
    answers["GET submission-played/queue/admin"] = [
      200,
      [
        { id: "after", played_at: "2026-11-20T19:30:00.000Z" },
        { id: "before", played_at: "2026-11-20T18:30:00.000Z" },
      ],
    ];
    answers["POST analytics/sessions/save/s1"] = [409, { detail: "No active session to save!" }];
    renderTab("sessions");
    const card = await screen.findByRole("region", { name: "Live session" });
    await userEvent.click(within(card).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("No active session to save!")).toBeTruthy();
    expect(screen.getByText("Failed to save session!")).toBeTruthy();
    const save = calls.find((call) => call.method === "POST")!;
    expect(JSON.parse(save.body)).toEqual({ submissions_played: ["after"] });
  });
});

describe("the Submissions Played tab", () => {
  it("clears the list after a confirmation, and says so when clearing fails", async () => {
    answers["GET submission-played/queue/admin"] = [
      200,
      [{ id: "p1", artist_name: "Nova", track_title: "Tides", username: "nova", priority_level: 0, played_at: "2026-11-20T19:30:00.000Z" }],
    ];
    answers["DELETE submission-played/queue/admin"] = [500, { detail: "Internal server error" }];
    renderTab("played");
    expect(await screen.findByLabelText("Tides by Nova")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    const dialog = await screen.findByRole("dialog", { name: "Clear the played list?" });
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Clear played list" }));
    expect(await screen.findByText("Failed to clear submissions!")).toBeTruthy();
  });
});

describe("the App Events tab", () => {
  it("lists each event's count per day, newest day first, and says when there is none", async () => {
    answers["GET analytics/events/daily?days=14"] = [
      200,
      [
        { day: "2026-11-21", event: "live.viewed", count: 12 },
        { day: "2026-11-20", event: "notices.opened", count: 3 },
      ],
    ];
    renderTab("events");
    const table = await screen.findByRole("table");
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => Array.from(row.querySelectorAll("th,td")).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Day (UTC)", "Event", "Count"],
      ["2026-11-21", "live.viewed", "12"],
      ["2026-11-20", "notices.opened", "3"],
    ]);
    expect(screen.getByText(/15 events/)).toBeTruthy();
  });

  it("says when no event arrived yet", async () => {
    renderTab("events");
    expect(await screen.findByText("No app events yet.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
