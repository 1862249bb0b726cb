import { describe, expect, it } from "vitest";
import type { QueueType } from "@common/queue";
import {
  averagePlaySeconds,
  buildPositionIndex,
  compareActive,
  compareQueued,
  positionOf,
  remainingSeconds,
  toWaitMinutes,
  type SubmissionRow,
  waitForNewEntry,
} from "./queue-rules";
import { submissionRow } from "../../test/submission-row";

const entry = submissionRow;

const lists = (values: Partial<Record<QueueType, SubmissionRow[]>>) => ({ waiting: [], active: [], on_hold: [], ...values });

describe("queue order", () => {
  it("puts higher tiers first, then the earliest submission, then the lower id", () => {
    const early = entry({ submitted_at: "2026-01-01T20:00:00.000Z" });
    const late = entry({ submitted_at: "2026-01-01T20:05:00.000Z" });
    const lateVip = entry({ submitted_at: "2026-01-01T20:10:00.000Z", priority_level: 2 });
    const premium = entry({ submitted_at: "2026-01-01T20:01:00.000Z", priority_level: 1 });
    const twin = entry({ submitted_at: early.submitted_at });
    expect([late, twin, premium, early, lateVip].sort(compareQueued).map((e) => e.id)).toEqual([lateVip.id, premium.id, early.id, twin.id, late.id]);
  });

  it("orders Now Playing by when each entry was moved there, whatever its tier", () => {
    const first = entry({ status: "active", activated_at: "2026-01-01T21:00:00.000Z", priority_level: 0 });
    const second = entry({ status: "active", activated_at: "2026-01-01T21:03:00.000Z", priority_level: 3 });
    expect([second, first].sort(compareActive).map((e) => e.id)).toEqual([first.id, second.id]);
  });
});

describe("expected song length", () => {
  it("is 4 minutes before any play history", () => {
    expect(averagePlaySeconds([])).toBe(240);
  });

  it("is the average time recent songs stayed in Now Playing, ignoring plays without a start", () => {
    const plays = [
      { activated_at: "2026-01-01T20:00:00.000Z", played_at: "2026-01-01T20:03:00.000Z" },
      { activated_at: "2026-01-01T20:03:00.000Z", played_at: "2026-01-01T20:08:00.000Z" },
      { activated_at: null, played_at: "2026-01-01T20:09:00.000Z" },
    ];
    expect(averagePlaySeconds(plays)).toBe(240);
    expect(averagePlaySeconds(plays.slice(0, 1))).toBe(180);
  });

  it("counts down the current song and never goes below zero", () => {
    const start = "2026-01-01T20:00:00.000Z";
    expect(remainingSeconds(240, start, new Date("2026-01-01T20:01:00.000Z"))).toBe(180);
    expect(remainingSeconds(240, start, new Date("2026-01-01T20:09:00.000Z"))).toBe(0);
  });

  it("rounds a wait up to whole minutes", () => {
    expect(toWaitMinutes(0)).toBe(0);
    expect(toWaitMinutes(1)).toBe(1);
    expect(toWaitMinutes(240)).toBe(4);
    expect(toWaitMinutes(241)).toBe(5);
  });
});

describe("positions", () => {
  const now = new Date("2026-01-01T20:01:00.000Z");

  it("puts a new request behind the rest of the current song and everything waiting", () => {
    const current = entry({ status: "active", activated_at: "2026-01-01T20:00:00.000Z" });
    const index = buildPositionIndex(lists({ active: [current], waiting: [entry(), entry()] }), () => 240);
    expect(waitForNewEntry(index, now)).toBe(Math.ceil((remainingSeconds(240, current.activated_at, now) + 480) / 60));
    expect(
      waitForNewEntry(
        buildPositionIndex(lists({}), () => 240),
        now,
      ),
    ).toBe(0);
  });

  it("ranks Waiting from 1 and adds the rest of the current song to every wait", () => {
    const current = entry({ status: "active", activated_at: "2026-01-01T20:00:00.000Z" });
    const a = entry();
    const b = entry();
    const c = entry();
    const index = buildPositionIndex(lists({ active: [current], waiting: [a, b, c] }), () => 240);
    expect(positionOf(index, a.user_id, now)).toEqual({
      status: "waiting",
      position: 1,
      message: "You're #1 in the queue",
      estimated_wait: 3,
      total_ahead: 0,
      total_in_queue: 3,
    });
    expect(positionOf(index, c.user_id, now)).toMatchObject({ position: 3, estimated_wait: 11, total_ahead: 2 });
  });

  it("uses each entry's own length when it has one (an uploaded file's duration)", () => {
    const short = entry({ file_key: "short" });
    const me = entry();
    const index = buildPositionIndex(lists({ waiting: [short, me] }), (e) => (e.file_key === "short" ? 61 : 240));
    expect(positionOf(index, short.user_id, now)?.estimated_wait).toBe(0);
    expect(positionOf(index, me.user_id, now)?.estimated_wait).toBe(2);
  });

  it("counts the songs queued in Now Playing after the current one as ahead of Waiting", () => {
    const current = entry({ status: "active", activated_at: "2026-01-01T20:01:00.000Z" });
    const next = entry({ status: "active", activated_at: "2026-01-01T20:01:30.000Z" });
    const me = entry();
    const index = buildPositionIndex(lists({ active: [current, next], waiting: [me] }), () => 240);
    expect(positionOf(index, me.user_id, now)).toMatchObject({ position: 1, estimated_wait: 8 });
  });

  it("answers on hold with no position, Now Playing as active, and nothing for a stranger", () => {
    const held = entry({ status: "on_hold" });
    const playing = entry({ status: "active", activated_at: "2026-01-01T20:00:00.000Z" });
    const index = buildPositionIndex(lists({ active: [playing], on_hold: [held] }), () => 240);
    expect(positionOf(index, held.user_id, now)).toMatchObject({ status: "on_hold", position: null, estimated_wait: null });
    expect(positionOf(index, playing.user_id, now)).toMatchObject({ status: "active", position: null, estimated_wait: 0 });
    expect(positionOf(index, "nobody", now)).toBeNull();
  });

  it("finds a guest entry linked to an account by the account id too", () => {
    const linked = entry({ owner_id: "account-1" });
    const index = buildPositionIndex(lists({ waiting: [linked] }), () => 240);
    expect(positionOf(index, "account-1", now)).toMatchObject({ status: "waiting", position: 1 });
  });
});
