import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase, startTestApp, type TestApp } from "../../test/test-app";
import { httpClient } from "../../test/http";
import { makeSubmission } from "../../test/factories";
import { createTestUser, type TestUser } from "../../test/users";

type Page = { submissions: { track_title: string; artist_name: string; status: string }[]; total: number; has_more: boolean };

describeEachDatabase("Recent Activity's sorts over every submission: GET user/{username}/history", (dialect) => {
  let server: TestApp;
  let api: ReturnType<typeof httpClient>;
  let member: TestUser;

  beforeAll(async () => {
    server = await startTestApp(dialect);
    api = httpClient(server.baseUrl);
    member = await createTestUser(server.deps, { username: "long_history" });
    // Twelve submissions, one a day: more than the 10 a page fetches. Day 1 is the oldest.
    for (let day = 1; day <= 12; day += 1) {
      const dd = String(day).padStart(2, "0");
      await makeSubmission(server.deps, {
        user_id: member.user.user_id,
        owner_id: member.user.user_id,
        track_title: day === 1 ? "aardvark Song" : `Song ${dd}`,
        artist_name: day === 12 ? "zz Last Artist" : `Artist ${dd}`,
        status: day % 3 === 0 ? "played" : "removed",
        submitted_at: `2026-10-${dd}T12:00:00.000Z`,
        played_at: day % 3 === 0 ? `2026-10-${dd}T13:00:00.000Z` : null,
      });
    }
  });
  afterAll(() => server.close());

  const page = async (query: string) => (await api.get(`user/long_history/history?limit=10&offset=0${query}`)).body as Page;

  it("answers Oldest with the oldest of all, not the oldest of the ten newest", async () => {
    expect((await page("&sort=oldest")).submissions[0]!.track_title).toBe("aardvark Song");
    expect((await page("")).submissions[0]!.track_title).toBe("Song 12");
  });

  it("sorts titles and artists A-Z over all submissions, in any case", async () => {
    expect((await page("&sort=title")).submissions[0]!.track_title).toBe("aardvark Song");
    const byArtist = await page("&sort=artist");
    expect(byArtist.submissions.map((item) => item.artist_name)).not.toContain("zz Last Artist");
    expect(byArtist.has_more).toBe(true);
  });

  it("keeps the played ones only when asked, counted over all of them", async () => {
    const played = await page("&status=played");
    expect(played.total).toBe(4);
    expect(played.submissions.every((item) => item.status === "played")).toBe(true);
  });
});
