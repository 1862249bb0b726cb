import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, DESKTOP, clearAndOpenQueue, expectAccessible, shoot, signedInHost } from "./support";

/** An admin call made with the token the host's page stored; returns the answer's JSON. */
async function hostCall(request: APIRequestContext, host: Page, method: "get" | "put" | "post" | "delete", path: string, data?: unknown) {
  const token = await host.evaluate(() => localStorage.getItem("admin_access_token"));
  const response = await request[method](`/api/v1/${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBeTruthy();
  return response.json();
}

/** Joins the queue through the API, as a member (with a token) or as a guest; returns the entry. */
async function join(request: APIRequestContext, song: Record<string, string>, token?: string) {
  const response = await request.post("/api/v1/queuer/", { data: song, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(response.ok(), `join: ${response.status()}`).toBeTruthy();
  return (await response.json()).queuer as { id: string };
}

async function registerMember(request: APIRequestContext, username: string) {
  const response = await request.post("/api/v1/auth/user/register", {
    data: { username, email: `${username}@example.com`, password: "member-password-1", display_name: "Mira Lune" },
  });
  expect(response.ok(), `register: ${response.status()}`).toBeTruthy();
  const { access_token } = await response.json();
  const bio = await request.put("/api/v1/user/me", {
    data: { bio: "Synth-pop from Lyon. Two EPs out, a third on the way." },
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(bio.ok()).toBeTruthy();
  return access_token as string;
}

test("the queue page: the song playing, numbered places, an opened entry, a member's profile, LIVE apart from the connection, then closed", async ({ browser, request }) => {
  // Three axe runs at two widths (each up to ~20 s on a busy machine) and three pairs of screenshots.
  test.setTimeout(240_000);
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  await hostCall(request, host, "put", "set/youtubeStreamLink", { state: "https://www.youtube.com/watch?v=abcdefghijk" });

  const member = await registerMember(request, `mira_${Date.now().toString(36)}`);
  const playing = await join(request, {
    artist_name: "Nova Reyes",
    track_title: "Midnight Transit",
    youtube_username: "NovaReyes",
    link: "https://www.youtube.com/watch?v=transit0001",
  });
  await join(
    request,
    {
      artist_name: "Mira Lune",
      track_title: "Paper Satellites",
      youtube_username: "MiraLuneMusic",
      link: "https://soundcloud.com/miralune/paper-satellites-final-master-2026",
      message: "Recorded in one take at home, would love your thoughts on the bridge!",
    },
    member,
  );
  const vip = await join(request, {
    artist_name: "The Low Tides",
    track_title: "Salt & Static",
    youtube_username: "lowtides",
    link: "https://www.youtube.com/watch?v=saltstatic1",
  });
  await join(request, {
    artist_name: "Kofi Mensah",
    track_title: "Harmattan",
    youtube_username: "kofimensah_official_channel",
    link: "https://www.youtube.com/watch?v=harmattan01",
  });
  await hostCall(request, host, "get", `move/${playing.id}`);
  await hostCall(request, host, "put", `priority/user/${vip.id}`, { priority_level: 2, payment_source: "Ko-fi" });

  const visitor = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await visitor.goto("/queue");
  await expect(visitor.getByRole("banner").getByRole("link", { name: "LIVE: watch the stream" })).toBeVisible();
  await expect(visitor.getByRole("status").filter({ hasText: "Real-time updates" })).toContainText("Connected");

  const nowPlaying = visitor.getByRole("region", { name: "Now Playing", exact: true });
  await expect(nowPlaying.getByRole("img", { name: "Now playing" })).toBeVisible();
  const waiting = visitor.getByRole("region", { name: "Waiting", exact: true });
  // The VIP goes first, then the others in the order they came.
  await expect(waiting.locator("[data-place='waiting']")).toHaveText([/^1Salt & Static/, /^2Paper Satellites/, /^3Harmattan/]);

  await waiting.getByRole("button", { name: "Paper Satellites by Mira Lune" }).click();
  await expect(waiting.getByText("Recorded in one take at home")).toBeVisible();
  const link = waiting.getByRole("link", { name: /soundcloud\.com\/miralune/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  await waiting.getByRole("button", { name: "Salt & Static by The Low Tides" }).click();
  await expect(waiting.getByText("VIP · via Ko-fi")).toBeVisible();
  await shoot(visitor, "queue-page");
  await expectAccessible(visitor, "/queue with entries");

  await waiting.getByRole("button", { name: "@miralunemusic" }).click();
  const popup = visitor.getByRole("dialog", { name: "Profile" });
  await expect(popup.getByText("Mira Lune", { exact: true })).toBeVisible();
  await expect(popup.getByText("Synth-pop from Lyon.", { exact: false })).toBeVisible();
  await shoot(visitor, "queue-profile-popup", { fullPage: false });
  await expectAccessible(visitor, "the profile popup");
  await visitor.keyboard.press("Escape");

  // A guest's name opens nothing.
  await expect(waiting.getByRole("button", { name: "@lowtides" })).toHaveCount(0);

  await hostCall(request, host, "put", "set/isQueueOn", { state: "false" });
  await visitor.reload();
  const closed = visitor.getByRole("dialog", { name: "The queue is closed" });
  await expect(closed).toContainText("New songs can be sent when the stream goes live.");
  await expect(visitor.getByRole("button", { name: "View Queue" })).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: "Join Queue" })).toHaveCount(0);
  // LIVE follows the video platform, not the queue: a stream can be live while the queue is closed.
  await expect(visitor.getByRole("banner").getByRole("link", { name: "LIVE: watch the stream" })).toBeVisible();
  await shoot(visitor, "queue-closed", { fullPage: false });
  await expectAccessible(visitor, "the closed notice");

  await hostCall(request, host, "put", "set/isQueueOn", { state: "true" });
  await hostCall(request, host, "delete", "set/youtubeStreamLink");
  await visitor.context().close();
  await host.context().close();
});
