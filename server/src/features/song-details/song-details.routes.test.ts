import { expect, it, vi } from "vitest";
import { MESSAGES } from "@common/messages";
import { describeEachDatabase } from "../../test/test-app";
import { connectSocket } from "../../test/live";
import { newVideoId, song, SONG_DETAILS_BUDGET as BUDGET, useSongDetailsApp, watch } from "../../test/song-details";

describeEachDatabase("song details from YouTube", (dialect) => {
  const { app, submit, submittedCount, fill, waiting, detailsOf, videoCalls, quota } = useSongDetailsApp(dialect);

  it("answers the submit at once, then looks up songs sent close together in one videos.list call", async () => {
    const ids = [newVideoId(), newVideoId(), newVideoId()];
    app.youtube.details.set(ids[0]!, song("Never Gonna", "PT3M33S"));
    app.youtube.details.set(ids[1]!, song("Long Mix", "PT1H2M3S", { embeddable: false }));
    app.youtube.details.set(ids[2]!, song("Grown Ups Only", "PT4M", { ageRestricted: true }));
    for (const id of ids) {
      const answer = await submit(watch(id));
      expect(answer.status).toBe(201);
      expect(answer.body.queuer.song_details).toBeUndefined();
    }
    expect(videoCalls()).toHaveLength(0);

    expect(await fill()).toBe(3);
    expect(videoCalls()).toHaveLength(1);
    expect(videoCalls()[0]!.searchParams.get("id")!.split(",").sort()).toEqual([...ids].sort());
    expect(videoCalls()[0]!.searchParams.get("part")).toBe("snippet,contentDetails,status");
    const origin = new URL(app.youtube.url).origin;
    expect(await detailsOf(watch(ids[0]!))).toEqual({
      available: true,
      title: "Never Gonna",
      channel: "Never Gonna Channel",
      duration_seconds: 213,
      thumbnail_url: `${origin}/vi/${ids[0]}/mqdefault.jpg`,
      embeddable: true,
      age_restricted: false,
    });
    expect(await detailsOf(watch(ids[1]!))).toMatchObject({ duration_seconds: 3723, embeddable: false, age_restricted: false });
    expect(await detailsOf(watch(ids[2]!))).toMatchObject({ duration_seconds: 240, age_restricted: true });
    // What the submitter typed stays as typed, beside the real title.
    expect((await waiting()).find((entry) => entry.link === watch(ids[0]!))!.track_title).toBe(`Track s${submittedCount() - 2}`);
    expect(await quota()).toMatchObject({ configured: true, units_used: 1, budget: BUDGET });
    // Nothing left to look up: no second call.
    app.clock.advance(61_000);
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(1);
  });

  it("shows a song already looked up at once, from the cache, without spending quota", async () => {
    const id = newVideoId();
    app.youtube.details.set(id, song("Cached", "PT2M"));
    await submit(watch(id));
    await fill();
    await app.server.deps.db.updateTable("submissions").set({ status: "played", played_at: app.clock.now().toISOString() }).execute();
    const again = await submit(`https://youtu.be/${id}`);
    expect(again.body.queuer.song_details).toMatchObject({ title: "Cached", duration_seconds: 120 });
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(1);
    expect((await quota()).units_used).toBe(1);
  });

  it("makes no call once the day's budget is spent, and fills the entries in after midnight Pacific time", async () => {
    for (let i = 0; i < BUDGET; i += 1) {
      const id = newVideoId();
      app.youtube.details.set(id, song(`Song ${i}`));
      await submit(watch(id));
      await fill();
    }
    expect(videoCalls()).toHaveLength(BUDGET);
    const late = newVideoId();
    app.youtube.details.set(late, song("Tomorrow's"));
    await submit(watch(late));
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(BUDGET);
    expect(await detailsOf(watch(late))).toBeUndefined();
    const spent = await quota();
    expect(spent).toMatchObject({ units_used: BUDGET, budget: BUDGET });
    // 2026-06-02 18:00 UTC is 11:00 Pacific (daylight time): the day ends at 07:00 UTC.
    expect(spent.resets_at).toMatch(/T07:00:00.000Z$/);

    app.clock.set(new Date(Date.parse(spent.resets_at) - 1000));
    expect(await fill()).toBe(0);
    // The entries are looked at again once a minute: the first look of the new day finds them.
    app.clock.set(new Date(Date.parse(spent.resets_at) + 60_000));
    expect(await fill()).toBe(1);
    expect(await detailsOf(watch(late))).toMatchObject({ title: "Tomorrow's" });
    expect(await quota()).toMatchObject({ units_used: 1 });
  });

  it("counts the day as spent when YouTube answers quotaExceeded", async () => {
    const id = newVideoId();
    app.youtube.details.set(id, song("Over Quota"));
    app.youtube.failure = "quota";
    await submit(watch(id));
    expect(await fill()).toBe(0);
    expect(await quota()).toMatchObject({ units_used: BUDGET });
    app.youtube.failure = null;
    app.clock.advance(61_000);
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(1);
    expect(await detailsOf(watch(id))).toBeUndefined();
  });

  it("leaves entries without details when YouTube times out or fails, and asks again a minute later", async () => {
    const id = newVideoId();
    app.youtube.details.set(id, song("Slow"));
    app.youtube.failure = "hang";
    await submit(watch(id));
    expect(await fill()).toBe(0);
    expect(await detailsOf(watch(id))).toBeUndefined();
    app.youtube.failure = "error";
    await submit(watch(newVideoId()));
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(1);
    app.youtube.failure = null;
    app.clock.advance(61_000);
    expect(await fill()).toBe(2);
    expect(await detailsOf(watch(id))).toMatchObject({ title: "Slow" });
  });

  it("marks unknown and private videos as unavailable, once", async () => {
    const [unknown, hidden] = [newVideoId(), newVideoId()];
    app.youtube.details.set(hidden, song("Secret", "PT3M", { privacyStatus: "private" }));
    await submit(watch(unknown));
    await submit(watch(hidden));
    expect(await fill()).toBe(2);
    const unavailable = { available: false, title: null, channel: null, duration_seconds: null, thumbnail_url: null, embeddable: null, age_restricted: null };
    expect(await detailsOf(watch(unknown))).toEqual(unavailable);
    expect(await detailsOf(watch(hidden))).toEqual(unavailable);
    app.clock.advance(61_000);
    expect(await fill()).toBe(0);
    expect(videoCalls()).toHaveLength(1);
  });

  it("refuses a link whose known length is over the host's longest-song limit, with the catalogue's words", async () => {
    const id = newVideoId();
    app.youtube.details.set(id, song("Epic", "PT4M"));
    await submit(watch(id));
    await fill();
    await app.http.put("set/maxSongSeconds", { json: { state: "180" }, token: app.token });
    await app.server.deps.db.updateTable("submissions").set({ status: "played", played_at: app.clock.now().toISOString() }).execute();
    const refused = await submit(watch(id));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: MESSAGES.songTooLong("4:00", "3:00") });
    expect(refused.body.detail).toBe("This song is 4:00 long; the host takes songs up to 3:00. Please send a shorter one.");
  });

  it("takes a waiting link out of the queue when its details arrive over the limit, and tells the submitter", async () => {
    await app.http.put("set/maxSongSeconds", { json: { state: "300" }, token: app.token });
    const [long, short] = [newVideoId(), newVideoId()];
    app.youtube.details.set(long, song("Too Long", "PT10M"));
    app.youtube.details.set(short, song("Fits", "PT4M59S"));
    const { body } = await submit(watch(long));
    await submit(watch(short));
    const submitter = await connectSocket(`${app.server.wsUrl}/ws/public?user_id=${body.queuer.user_id}`);
    await submitter.next("connection_established");
    await fill();
    await vi.waitFor(async () => expect((await waiting()).map((entry) => entry.link)).toEqual([watch(short)]));
    expect(await submitter.next("submission_removed")).toMatchObject({ track_title: body.queuer.track_title, message: MESSAGES.removedTooLong });
    await submitter.close();
  });

  it("estimates the wait from the real lengths of the links ahead", async () => {
    const [a, b] = [newVideoId(), newVideoId()];
    app.youtube.details.set(a, song("Ten", "PT10M"));
    app.youtube.details.set(b, song("Twenty", "PT20M"));
    await submit(watch(a));
    await submit(watch(b));
    const last = await submit(watch(newVideoId()));
    await fill();
    expect((await app.http.get(`queue-position/position/${last.body.queuer.user_id}`)).body).toMatchObject({ position: 3, estimated_wait: 30 });
  });
});
