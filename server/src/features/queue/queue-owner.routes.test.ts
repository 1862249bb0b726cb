import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase, startRouteTestApp, type TestApp } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { makeSubmission, makeUserToken, resetQueue } from "../../test/factories";

const edit = {
  artist_name: "  New Artist ",
  track_title: "New Title",
  youtube_username: "NewChannel",
  username: "newchannel",
  link: "https://example.com/new",
  message: "",
  on_hold: false,
};

describeEachDatabase("queue: the owner edits and leaves", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  beforeAll(async () => {
    ({ server, http } = await startRouteTestApp(dialect, { env: { RATE_LIMIT_API_MAX: "100000" } }));
  });
  afterAll(() => server.close());
  beforeEach(() => resetQueue(server.deps));

  const asGuest = (secret: string | null): { headers: Record<string, string> } => ({ headers: secret ? { "X-Guest-Secret": secret } : {} });

  it("lets a guest edit their entry with their secret, under the same rules as a submission", async () => {
    const { row, guestSecret } = await makeSubmission(server.deps);
    const response = await http.put(`queuer/${row.user_id}`, { json: edit, ...asGuest(guestSecret) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: row.id, artist_name: "New Artist", track_title: "New Title", link: "https://example.com/new", message: "Empty!" });
    expect((await http.get("queuer/queue")).body[0]).toMatchObject({ artist_name: "New Artist", submitted_at: row.submitted_at });
  });

  it("refuses a guest's entry to anyone holding only its public ids or someone else's credentials", async () => {
    const { row } = await makeSubmission(server.deps);
    const other = await makeSubmission(server.deps);
    const strangerToken = await makeUserToken(server.deps);

    for (const ref of [row.user_id, row.id]) {
      const bare = await http.put(`queuer/${ref}`, { json: edit });
      expect(bare.status).toBe(403);
      expect(bare.body).toEqual({ detail: "You can only change your own submission" });
    }
    expect((await http.put(`queuer/${row.user_id}`, { json: edit, ...asGuest(other.guestSecret) })).status).toBe(403);
    expect((await http.delete(`queuer/${row.user_id}`, asGuest(other.guestSecret))).status).toBe(403);
    expect((await http.put(`queuer/${row.user_id}`, { json: edit, token: strangerToken })).status).toBe(403);
    expect((await http.delete(`queuer/${row.user_id}`, { token: strangerToken })).status).toBe(403);
    const forged = await http.delete(`queuer/${row.user_id}`, asGuest("forged"));
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ detail: "Guest credential is not valid" });

    expect((await http.get("queuer/queue")).body.find((e: { id: string }) => e.id === row.id)).toMatchObject({ artist_name: row.artist_name });
  });

  it("lets a signed-in user edit and leave with their token, and nobody else's", async () => {
    const token = await makeUserToken(server.deps, "account-7");
    const { row } = await makeSubmission(server.deps, { user_id: "account-7", owner_id: "account-7" });
    expect((await http.put(`queuer/${row.user_id}`, { json: edit, token })).status).toBe(200);
    expect((await http.delete(`queuer/${row.user_id}`, { token })).status).toBe(200);
    expect((await http.get("queuer/queue")).body).toEqual([]);
  });

  it("lets the account a guest entry was linked to change it", async () => {
    const { row } = await makeSubmission(server.deps, { owner_id: "account-8" });
    const token = await makeUserToken(server.deps, "account-8");
    expect((await http.put(`queuer/${row.user_id}`, { json: edit, token })).status).toBe(200);
  });

  it("takes a guest out of the queue when they leave, and then knows no live entry", async () => {
    const { row, guestSecret } = await makeSubmission(server.deps);
    const response = await http.delete(`queuer/${row.user_id}`, asGuest(guestSecret));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect((await http.get("queuer/queue")).body).toEqual([]);
    expect((await http.get(`queuer/${row.user_id}`)).status).toBe(404);
    expect((await http.get(`queue-position/position/${row.user_id}`)).status).toBe(404);
    const again = await http.delete(`queuer/${row.user_id}`, asGuest(guestSecret));
    expect(again.status).toBe(404);
    expect((await http.put(`queuer/${row.user_id}`, { json: edit, ...asGuest(guestSecret) })).status).toBe(404);
  });

  it("lets the owner edit or leave while on hold, but not once the song is Now Playing", async () => {
    const held = await makeSubmission(server.deps, { status: "on_hold", hold_reason: "inactivity" });
    expect((await http.put(`queuer/${held.row.user_id}`, { json: edit, ...asGuest(held.guestSecret) })).status).toBe(200);

    const playing = await makeSubmission(server.deps, { status: "active", activated_at: new Date().toISOString() });
    const put = await http.put(`queuer/${playing.row.user_id}`, { json: edit, ...asGuest(playing.guestSecret) });
    expect(put.status).toBe(409);
    expect(put.body).toEqual({ detail: "This submission is already Now Playing" });
    expect((await http.delete(`queuer/${playing.row.user_id}`, asGuest(playing.guestSecret))).status).toBe(409);
    expect((await http.get("active-queuer/queue")).body).toHaveLength(1);
  });

  it("checks an edit like a submission: a bad link or an attempt to hold is a 422", async () => {
    const { row, guestSecret } = await makeSubmission(server.deps);
    const badLink = await http.put(`queuer/${row.user_id}`, { json: { ...edit, link: "not a link" }, ...asGuest(guestSecret) });
    expect(badLink.status).toBe(422);
    expect(badLink.body.detail[0].loc).toEqual(["body", "link"]);
    const hold = await http.put(`queuer/${row.user_id}`, { json: { ...edit, on_hold: true }, ...asGuest(guestSecret) });
    expect(hold.status).toBe(422);
    expect(hold.body.detail[0].loc).toEqual(["body", "on_hold"]);
    const long = await http.put(`queuer/${row.user_id}`, { json: { ...edit, track_title: "x".repeat(500) }, ...asGuest(guestSecret) });
    expect(long.status).toBe(422);
    expect((await http.get("queuer/queue")).body[0].link).toBe(row.link);
  });

  it("keeps an uploaded file when the owner edits the text and leaves the link as it is", async () => {
    const { row, guestSecret } = await makeSubmission(server.deps, { file_key: "0123456789abcdef0123456789abcdef", link: "file:/uploads/0123456789abcdef0123456789abcdef" });
    const response = await http.put(`queuer/${row.user_id}`, { json: { ...edit, link: row.link }, ...asGuest(guestSecret) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ link: row.link, file_key: row.file_key, artist_name: "New Artist" });
    const switched = await http.put(`queuer/${row.user_id}`, { json: edit, ...asGuest(guestSecret) });
    expect(switched.body).toMatchObject({ link: "https://example.com/new", file_key: null });
  });
});
