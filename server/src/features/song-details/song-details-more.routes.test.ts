import { expect, it } from "vitest";
import { describeEachDatabase, startTestApp } from "../../test/test-app";
import { makeUserToken, submissionForm } from "../../test/factories";
import { LONG_SIGN_IN, newVideoId, song, SONG_DETAILS_BUDGET as BUDGET, useSongDetailsApp, watch } from "../../test/song-details";

describeEachDatabase("song details: oEmbed, hostile answers, no key", (dialect) => {
  const { app, submit, fill, detailsOf, videoCalls, quota } = useSongDetailsApp(dialect);

  it("asks SoundCloud's and Spotify's oEmbed for the title, author and thumbnail", async () => {
    app.oembed.tracks.set("https://soundcloud.com/forss/flickermood", { title: "Flickermood by Forss", author_name: "Forss", thumbnail_url: "/art/flickermood.jpg" });
    app.oembed.tracks.set("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC", { title: "Never Gonna Give You Up", thumbnail_url: "/art/rick.jpg" });
    await submit("https://soundcloud.com/forss/flickermood?utm_source=x");
    await submit("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc");
    await submit("https://soundcloud.com/nobody/nothing");
    expect(await fill()).toBe(3);
    expect(await detailsOf("https://soundcloud.com/forss/flickermood?utm_source=x")).toEqual({
      available: true,
      title: "Flickermood by Forss",
      channel: "Forss",
      duration_seconds: null,
      thumbnail_url: `${app.oembed.url}/art/flickermood.jpg`,
      embeddable: null,
      age_restricted: null,
    });
    expect(await detailsOf("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc")).toMatchObject({ title: "Never Gonna Give You Up", channel: null });
    expect(await detailsOf("https://soundcloud.com/nobody/nothing")).toMatchObject({ available: false });
    expect(app.oembed.requests.find((url) => url.pathname === "/soundcloud/oembed")?.searchParams.get("format")).toBe("json");
    expect(videoCalls()).toHaveLength(0);
  });

  it("survives hostile answers: garbage, odd fields, thumbnails elsewhere; nothing becomes a 500", async () => {
    const id = newVideoId();
    app.youtube.failure = "garbage";
    app.oembed.failure = "garbage";
    await submit(watch(id));
    await submit("https://open.spotify.com/track/0000000000000000000000");
    expect(await fill()).toBe(0);
    app.youtube.failure = null;
    app.oembed.failure = null;
    app.youtube.details.set(id, song("\u0000<script>alert(1)</script>".repeat(50), "PT99999999999999H"));
    app.oembed.tracks.set("https://open.spotify.com/track/0000000000000000000000", { title: "x", thumbnail_url: "javascript:alert(1)" });
    app.clock.advance(61_000);
    expect(await fill()).toBe(2);
    const list = await app.http.get("queuer/queue");
    expect(list.status).toBe(200);
    expect(list.body[0].song_details).toMatchObject({ available: true, duration_seconds: null });
    expect(list.body[1].song_details).toMatchObject({ title: "x", thumbnail_url: null });
  });

  it("shows the quota to admins only", async () => {
    expect((await app.http.get("song-details/quota")).status).toBe(401);
    expect((await app.http.get("song-details/quota", { token: await makeUserToken(app.server.deps) })).status).toBe(401);
    expect(await quota()).toMatchObject({ configured: true, units_used: 0, budget: BUDGET });
  });

  it("works as before without a key, and fills the entries in once a server with the key runs", async () => {
    const keyless = await startTestApp(dialect, { database: app.server.database, clock: app.clock, env: { YOUTUBE_API_BASE: app.youtube.url, ...LONG_SIGN_IN } });
    try {
      const id = newVideoId();
      app.youtube.details.set(id, song("Later"));
      const answer = await fetch(`${keyless.baseUrl}/queuer/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(submissionForm("keyless", { link: watch(id) })),
      });
      expect(answer.status).toBe(201);
      expect(await keyless.deps.services.songDetails.fillMissing()).toBe(0);
      expect(app.youtube.requests).toHaveLength(0);
      const quotaWithout = await fetch(`${keyless.baseUrl}/song-details/quota`, { headers: { authorization: `Bearer ${app.token}` } });
      expect(await quotaWithout.json()).toMatchObject({ configured: false, units_used: 0 });
      const [entry] = await (await fetch(`${keyless.baseUrl}/queuer/queue`)).json();
      expect(entry.song_details).toBeUndefined();
      expect(entry.track_title).toBe("Track keyless");

      await app.server.deps.events.emit("submission.added", { entry: { ...entry, file_key: null }, from: null, by_admin: false });
      expect(await fill()).toBe(1);
      expect(await detailsOf(watch(id))).toMatchObject({ title: "Later" });
    } finally {
      await keyless.close();
    }
  });
});
