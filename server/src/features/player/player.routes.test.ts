import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { MESSAGES } from "@common/messages";
import { isNewerClaim, PLAYER_MESSAGES, type PlayerState } from "@common/player";
import { describeEachDatabase, startRouteTestApp, type TestApp, useTwoOpenInstances } from "../../test/test-app";
import type { HttpClient } from "../../test/http";
import { connectSocket, type TestSocket } from "../../test/live";
import { createTestAdmin } from "../../test/admins";
import { makeSubmission, resetQueue, TEST_SYSTEM } from "../../test/factories";

const PLAYER_A = "player-aaaaaaaa";
const PLAYER_B = "player-bbbbbbbb";
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

const stateOf = (playerId: string, values: Partial<PlayerState> = {}): PlayerState => ({
  player_id: playerId,
  entry_id: null,
  status: "playing",
  position: 12,
  duration: 180,
  volume: 80,
  limit: null,
  ...values,
});

/** An admin socket, signed in by its first message, as the web's pages open it; its greeting (who plays) is read. */
async function adminSocket(wsUrl: string, token: string): Promise<TestSocket> {
  const socket = await connectSocket(`${wsUrl}/ws/admin`);
  socket.send({ type: "auth", token });
  await socket.next("connection_established");
  await socket.next("player_active");
  await socket.next("player_state");
  return socket;
}

describeEachDatabase("the host's player over /ws/admin", (dialect) => {
  let server: TestApp;
  let http: HttpClient;
  let token: string;
  const sockets: TestSocket[] = [];
  const open = async () => {
    const socket = await adminSocket(server.wsUrl, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    ({ server, http, token } = await startRouteTestApp(dialect));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await resetQueue(server.deps);
    await server.deps.services.settings.set(TEST_SYSTEM, "autoAdvance", "true");
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });

  const nowPlaying = async () => (await http.get("active-queuer/queue/admin", { token })).body.map((e: { id: string }) => e.id);
  const played = async () => (await http.get("submission-played/queue/admin", { token })).body.map((e: { id: string }) => e.id);

  it("tells the player's commands from any admin page, and shows every page what the player reports", async () => {
    const player = await open();
    const manageQueue = await open();
    player.send({ type: "player_claim", player_id: PLAYER_A });
    await manageQueue.next("player_active", (m) => m.player_id === PLAYER_A);

    manageQueue.send({ type: "player_command", command: "pause" });
    manageQueue.send({ type: "player_command", command: "volume", value: 35 });
    expect(await player.next("player_command", (m) => m.command === "pause")).toEqual({ type: "player_command", command: "pause" });
    expect(await player.next("player_command", (m) => m.command === "volume")).toEqual({ type: "player_command", command: "volume", value: 35 });

    player.send({ type: "player_state", state: stateOf(PLAYER_A, { status: "paused", volume: 35 }) });
    expect((await manageQueue.next("player_state", (m) => m.state !== null)).state).toMatchObject({ status: "paused", volume: 35, position: 12 });

    // A page opened later hears at once which player plays and what it last said.
    expect((await http.get("player/status", { token })).body).toMatchObject({ player_id: PLAYER_A, state: { status: "paused", volume: 35 } });
    const later = await open();
    const greeting = later.received.filter((m) => m.type.startsWith("player_"));
    expect(greeting).toMatchObject([
      { type: "player_active", player_id: PLAYER_A },
      { type: "player_state", state: { player_id: PLAYER_A, status: "paused" } },
    ]);
  });

  it("lets one player play at a time: the newest takes over, and the other's reports are no longer shown", async () => {
    const first = await open();
    const second = await open();
    const page = await open();
    first.send({ type: "player_claim", player_id: PLAYER_A });
    await first.next("player_active", (m) => m.player_id === PLAYER_A);
    second.send({ type: "player_claim", player_id: PLAYER_B });
    // Both windows hear the newer claim: the first one stops and offers "Play here".
    const claimOfB = await first.next("player_active", (m) => m.player_id === PLAYER_B);
    const claimOfA = await page.next("player_active", (m) => m.player_id === PLAYER_A);
    expect(isNewerClaim({ player_id: PLAYER_B, claimed_at: claimOfB.claimed_at! }, { player_id: PLAYER_A, claimed_at: claimOfA.claimed_at! })).toBe(true);
    await page.next("player_active", (m) => m.player_id === PLAYER_B);

    first.send({ type: "player_state", state: stateOf(PLAYER_A, { position: 99 }) });
    second.send({ type: "player_state", state: stateOf(PLAYER_B, { position: 5 }) });
    expect((await page.next("player_state")).state?.player_id).toBe(PLAYER_B);
    await page.expectNone("player_state");

    // A claim re-asserted after a reconnect keeps its old place: it does not take the turn back.
    first.send({ type: "player_claim", player_id: PLAYER_A, claimed_at: "2020-01-01T00:00:00.000Z" });
    const stale = await page.next("player_active", (m) => m.player_id === PLAYER_A);
    expect(isNewerClaim({ player_id: PLAYER_A, claimed_at: stale.claimed_at! }, { player_id: PLAYER_B, claimed_at: claimOfB.claimed_at! })).toBe(false);
    const later = await open();
    expect(later.received.find((m) => m.type === "player_active")).toMatchObject({ player_id: PLAYER_B });

    // Closing the window that lost changes nothing; closing the one that plays leaves no player.
    await first.close();
    await page.expectNone("player_active");
    await second.close();
    expect(await page.next("player_active")).toMatchObject({ player_id: null });
  });

  it("plays the next song once when the player reports the same end twice", async () => {
    const current = await makeSubmission(server.deps, { status: "active", activated_at: ago(200) });
    const next = await makeSubmission(server.deps);
    await makeSubmission(server.deps);
    const player = await open();
    player.send({ type: "player_claim", player_id: PLAYER_A });
    await player.next("player_active", (m) => m.player_id === PLAYER_A);

    player.send({ type: "player_finished", player_id: PLAYER_A, entry_id: current.row.id });
    player.send({ type: "player_finished", player_id: PLAYER_A, entry_id: current.row.id });
    await vi.waitFor(async () => expect(await nowPlaying()).toEqual([next.row.id]), { timeout: 5000 });
    await server.deps.lists.settled();
    expect(await nowPlaying()).toEqual([next.row.id]);
    expect(await played()).toEqual([current.row.id]);
    await player.expectNone("error");
  });

  it("skips one song when the host skips from two pages as the song ends", async () => {
    const current = await makeSubmission(server.deps, { status: "active", activated_at: ago(200) });
    const next = await makeSubmission(server.deps);
    await makeSubmission(server.deps);
    const player = await open();
    player.send({ type: "player_claim", player_id: PLAYER_A });
    await player.next("player_active", (m) => m.player_id === PLAYER_A);

    const skip = () => http.post("active-queuer/play-next", { token, json: { current_id: current.row.id } });
    player.send({ type: "player_finished", player_id: PLAYER_A, entry_id: current.row.id });
    const answers = await Promise.all([skip(), skip()]);
    await server.deps.lists.settled();
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
    expect(answers.filter((answer) => answer.status === 409).length).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect(await nowPlaying()).toEqual([next.row.id]), { timeout: 5000 });
    expect(await played()).toEqual([current.row.id]);
  });

  it("plays nothing more when the queue is empty", async () => {
    const last = await makeSubmission(server.deps, { status: "active", activated_at: ago(200) });
    const player = await open();
    player.send({ type: "player_claim", player_id: PLAYER_A });
    await player.next("player_active", (m) => m.player_id === PLAYER_A);

    player.send({ type: "player_finished", player_id: PLAYER_A, entry_id: last.row.id });
    await vi.waitFor(async () => expect(await played()).toEqual([last.row.id]), { timeout: 5000 });
    expect(await nowPlaying()).toEqual([]);
    // Nothing playing and nothing waiting: the player's next report of an end changes nothing and is no error.
    player.send({ type: "player_finished", player_id: PLAYER_A, entry_id: null });
    await player.expectNone("error");
    expect(await nowPlaying()).toEqual([]);
  });

  it("leaves the song in Now Playing when auto-advance is off, or when a window that lost its turn reports the end", async () => {
    await server.deps.services.settings.set(TEST_SYSTEM, "autoAdvance", "false");
    const current = await makeSubmission(server.deps, { status: "active", activated_at: ago(200) });
    await makeSubmission(server.deps);
    const player = await open();
    const other = await open();
    player.send({ type: "player_claim", player_id: PLAYER_A });
    await player.next("player_active", (m) => m.player_id === PLAYER_A);
    player.send({ type: "player_finished", player_id: PLAYER_A, entry_id: current.row.id });
    await player.expectNone("error");
    expect(await nowPlaying()).toEqual([current.row.id]);

    await server.deps.services.settings.set(TEST_SYSTEM, "autoAdvance", "true");
    other.send({ type: "player_claim", player_id: PLAYER_B });
    await player.next("player_active", (m) => m.player_id === PLAYER_B);
    player.send({ type: "player_finished", player_id: PLAYER_A, entry_id: current.row.id });
    await player.expectNone("error");
    expect(await nowPlaying()).toEqual([current.row.id]);
  });

  it("refuses player messages on the public socket and from an inactive admin", async () => {
    const viewer = await connectSocket(`${server.wsUrl}/ws/public`);
    sockets.push(viewer);
    await viewer.next("connection_established");
    viewer.send({ type: "player_command", command: "pause" });
    expect((await viewer.next("error")).message).toBe("Player messages are taken on /ws/admin only");

    const inactive = await createTestAdmin(server.deps, { username: "resting", active: false });
    const resting = await adminSocket(server.wsUrl, inactive.accessToken);
    sockets.push(resting);
    resting.send({ type: "player_command", command: "pause" });
    expect((await resting.next("error")).message).toBe(MESSAGES.adminInactive);

    resting.send({ type: "player_command", command: "volume", value: -3 });
    expect((await resting.next("error")).message).toMatch(/^Invalid player_command message/);
  });

  it("keeps the player's settings within their ranges and gives the player its scripts' addresses", async () => {
    const gap = await http.put("set/autoAdvanceGapSeconds", { token, json: { state: "45" } });
    expect(gap.status).toBe(422);
    expect(gap.body.detail[0]).toMatchObject({ loc: ["body", "state"], msg: PLAYER_MESSAGES.gapRange });
    expect((await http.put("set/songLimitSeconds", { token, json: { state: "010" } })).body).toEqual({ name: "songLimitSeconds", state: "10" });
    expect((await http.get("set/autoAdvance")).body).toEqual({ name: "autoAdvance", state: "true" });

    expect((await http.get("player/config")).status).toBe(401);
    expect((await http.get("player/config", { token })).body).toEqual({
      youtube_script_url: "https://www.youtube.com/iframe_api",
      soundcloud_script_url: "https://w.soundcloud.com/player/api.js",
      soundcloud_widget_url: "https://w.soundcloud.com/player/",
      spotify_script_url: "https://open.spotify.com/embed/iframe-api/v1",
    });
  });
});

describeEachDatabase("the host's player across two instances sharing Redis", (dialect) => {
  const instances = useTwoOpenInstances(dialect);

  it("agrees on one active player and carries commands to the player on the other instance", async () => {
    const { a, b } = instances;
    const admin = await createTestAdmin(a.deps, { username: "twohost" });
    const onA = await adminSocket(a.wsUrl, admin.accessToken);
    const onB = await adminSocket(b.wsUrl, admin.accessToken);
    try {
      onA.send({ type: "player_claim", player_id: PLAYER_A });
      await onB.next("player_active", (m) => m.player_id === PLAYER_A);
      onB.send({ type: "player_claim", player_id: PLAYER_B });
      await onA.next("player_active", (m) => m.player_id === PLAYER_B);

      onA.send({ type: "player_command", command: "seek", value: 42 });
      expect(await onB.next("player_command")).toEqual({ type: "player_command", command: "seek", value: 42 });
      onB.send({ type: "player_state", state: stateOf(PLAYER_B) });
      expect((await onA.next("player_state", (m) => m.state !== null)).state?.player_id).toBe(PLAYER_B);
      // Both instances hold the same active player: a reconnecting page on either is greeted alike.
      expect(b.deps.services.player.greeting()[0]).toEqual(a.deps.services.player.greeting()[0]);
    } finally {
      await Promise.all([onA.close(), onB.close()]);
    }
  });
});
