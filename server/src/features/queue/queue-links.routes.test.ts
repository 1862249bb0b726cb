import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { openEmptyQueue, submissionForm } from "../../test/factories";

const TEST_ENV = { RATE_LIMIT_SUBMIT_MAX: "100000", RATE_LIMIT_API_MAX: "100000" };
const INVALID_LINK = "Invalid link format. For file submissions, please use the File option.";

const form = (i: number, link: string) => submissionForm(i, { link });

describeEachDatabase("queue: one song, one link", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect, { env: TEST_ENV }));
  });
  afterAll(() => server.close());
  beforeEach(() => openEmptyQueue(server.deps));

  const submit = (i: number, link: string, query = "") => http.post(`queuer/${query}`, { json: form(i, link) });

  it("refuses another address of a song already live when duplicates are not bypassed", async () => {
    expect((await submit(1, "https://youtu.be/dQw4w9WgXcQ?si=abc")).status).toBe(201);
    for (const [i, link] of [
      [2, "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30"],
      [3, "https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=PL123"],
      [4, "https://m.youtube.com/shorts/dQw4w9WgXcQ"],
    ] as const) {
      const refused = await submit(i, link, "?bypass_duplicates=false");
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ detail: "This link is already in the queue" });
    }
    expect((await submit(5, "https://youtu.be/aaaaaaaaaaa", "?bypass_duplicates=false")).status).toBe(201);
    // Without the flag the host takes the same song twice.
    expect((await submit(6, "https://www.youtube.com/embed/dQw4w9WgXcQ")).status).toBe(201);
  });

  it("keeps the link as submitted and shows the platform and video id to everyone and to the host", async () => {
    const submitted = "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30";
    const response = await submit(1, submitted);
    expect(response.body.queuer).toMatchObject({ link: submitted, platform: "youtube", video_id: "dQw4w9WgXcQ" });
    await submit(2, "https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC?si=x");
    const listed = (await http.get("queuer/queue")).body;
    expect(listed.map((entry: { platform: string; video_id: string | null }) => [entry.platform, entry.video_id])).toEqual([
      ["youtube", "dQw4w9WgXcQ"],
      ["spotify", null],
    ]);
    const admin = (await http.get("queuer/queue/admin", { token })).body;
    expect(admin[0]).toMatchObject({ platform: "youtube", video_id: "dQw4w9WgXcQ" });
  });

  it.each([
    "http://localhost:8000/song",
    "http://127.0.0.1/song",
    "http://192.168.0.10/song",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]/song",
    "http://nas.local/song",
    "https://user:pw@example.com/song",
    "ftp://example.com/song.mp3",
    "not a link",
  ])("refuses %s with the spec's link message on the link field", async (link) => {
    const response = await submit(1, link);
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc: ["body", "link"], msg: INVALID_LINK });
  });

  it("checks the link of an owner's edit the same way", async () => {
    const created = await submit(1, "https://example.com/a");
    const secret = created.body.guest_secret as string;
    const edited = await http.put(`queuer/${created.body.user.user_id}`, {
      json: { ...form(1, "http://10.1.2.3/a"), on_hold: false },
      headers: { "X-Guest-Secret": secret },
    });
    expect(edited.status).toBe(422);
    expect(edited.body.detail[0]).toMatchObject({ loc: ["body", "link"], msg: INVALID_LINK });
  });
});
