import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, ADMIN, DESKTOP, SHOTS, clearAndOpenQueue, expectAccessible, shoot, signedInHost } from "./support";

interface Song {
  id: string;
  track_title: string;
}

/** An admin call from the host's signed-in page, with the token the app stored; answers the parsed body. */
async function hostCall<T>(host: Page, method: "GET" | "POST" | "PUT" | "DELETE", apiPath: string, body?: unknown): Promise<T> {
  const { status, json } = await host.evaluate(
    async ({ method, apiPath, body }) => {
      const response = await fetch(`/api/v1/${apiPath}`, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem("admin_access_token")}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    { method, apiPath, body },
  );
  expect(status, `${method} ${apiPath}`).toBeLessThan(300);
  return json as T;
}

const nowPlaying = (page: Page) => page.getByTestId("overlay-now-playing");
const upNextRows = (page: Page) => page.getByTestId("overlay-up-next").getByRole("listitem");

/** A solid green screen with the overlay in a borderless frame on top, as OBS composes it over a scene. */
const GREEN = [0, 177, 64] as const;
function sampleStream(overlayPath: string) {
  return `<!doctype html><html><head><title>Sample stream</title></head>
<body style="margin:0;background:rgb(${GREEN.join(",")})">
<iframe title="Overlay" src="${overlayPath}" style="border:0;width:100vw;height:100vh;display:block;color-scheme:normal"></iframe>
</body></html>`;
}

/** The colour of one pixel of a screenshot, read back by the browser itself. */
async function pixelAt(page: Page, png: Buffer, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    async ({ base64, x, y }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      return Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
    },
    { base64: png.toString("base64"), x, y },
  );
}

test.describe.configure({ mode: "serial" });

test("the overlay is see-through over a stream, in large type, and the host builds its link with a live preview", async ({ browser }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  const songs = [
    { artist_name: "Neon Coast", track_title: "Midnight Drive", youtube_username: "nightowl" },
    { artist_name: "Paper Lanterns", track_title: "Slow Bloom", youtube_username: "lantern_fan" },
    { artist_name: "Static Sea", track_title: "Harbour Lights", youtube_username: "seaside" },
    { artist_name: "Velvet Engine", track_title: "Overdrive Waltz", youtube_username: "engineer" },
  ];
  for (const [index, song] of songs.entries()) {
    await hostCall(host, "POST", "admin-post/", { ...song, link: `https://example.com/overlay-${index}-${Date.now()}`, message: "private note to the host" });
  }
  await hostCall(host, "POST", "active-queuer/play-next", { current_id: null });

  // Over a green screen: the corner far from the panels stays green, the panel itself is not.
  const viewer = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await viewer.route("**/e2e-sample-stream", (route) => route.fulfill({ contentType: "text/html", body: sampleStream("/overlay?count=3") }));
  await viewer.goto("/e2e-sample-stream");
  const overlay = viewer.frameLocator("iframe");
  await expect(overlay.getByTestId("overlay-now-playing")).toContainText("Midnight Drive");
  await expect(overlay.getByTestId("overlay-now-playing")).toContainText("requested by @nightowl");
  await expect(overlay.getByTestId("overlay-up-next").getByRole("listitem")).toHaveText([/Slow Bloom/, /Harbour Lights/, /Overdrive Waltz/]);
  await expect(overlay.locator("body")).not.toContainText("private note");
  const png = await viewer.screenshot({ animations: "disabled" });
  expect(await pixelAt(viewer, png, DESKTOP.width - 10, DESKTOP.height - 10)).toEqual([...GREEN]);
  const box = (await overlay.getByTestId("overlay-now-playing").boundingBox())!;
  expect(await pixelAt(viewer, png, Math.round(box.x + 4), Math.round(box.y + box.height / 2))).not.toEqual([...GREEN]);
  expect(box.height).toBeGreaterThan(80);
  await shoot(viewer, "overlay-over-stream", { fullPage: false });

  // The light theme, without names, as a phone-sized source would show it.
  await viewer.route("**/e2e-sample-light", (route) => route.fulfill({ contentType: "text/html", body: sampleStream("/overlay?theme=light&names=0&scale=1.2") }));
  await viewer.goto("/e2e-sample-light");
  await expect(viewer.frameLocator("iframe").getByTestId("overlay-up-next").getByRole("listitem")).toHaveCount(3);
  await expect(viewer.frameLocator("iframe").locator("body")).not.toContainText("@");
  await shoot(viewer, "overlay-light-over-stream", { fullPage: false });

  await host.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await host.goto("/admin/overlay");
  await expect(host.getByRole("heading", { level: 1, name: "Stream overlay" })).toBeVisible();
  const address = host.getByRole("textbox", { name: "Overlay address" });
  await expect(address).toHaveValue(/\/overlay\?theme=dark&scale=1&count=3&names=1$/);
  await host.getByText("Up next", { exact: true }).click();
  await host.getByText("Text only").click();
  await host.getByRole("textbox", { name: "Upcoming songs shown" }).fill("12");
  await host.getByRole("textbox", { name: "Upcoming songs shown" }).blur();
  await host.getByRole("switch", { name: "Show who requested each song" }).click();
  await expect(address).toHaveValue(/\/overlay\/up-next\?theme=minimal&scale=1&count=10&names=0$/);
  const preview = host.frameLocator('iframe[title="Overlay preview"]');
  await expect(preview.getByTestId("overlay-up-next").getByRole("listitem")).toHaveCount(3);
  await expect(preview.getByTestId("overlay-now-playing")).toHaveCount(0);
  await host.getByRole("button", { name: "Copy link" }).click();
  await expect(host.getByRole("button", { name: "Link copied" })).toBeVisible();
  expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(await address.inputValue());
  // Back to "Copy link" a second later: its colour fades back, and a contrast check in the middle of the
  // fade reads a colour no one sees for long (it failed the journey once that way).
  await expect(host.getByRole("button", { name: "Copy link" })).toBeVisible();
  await host.getByText("Now playing and up next", { exact: true }).click();
  await host.getByText("Dark panel").click();
  await expect(preview.getByTestId("overlay-now-playing")).toContainText("Midnight Drive");
  await shoot(host, "admin-overlay");
  await expectAccessible(host, "the overlay builder");
  await host.context().close();
  await viewer.context().close();
});

/** Our own server, so that it can be stopped and started again on the same data mid-test. */
class OwnServer {
  private process: ChildProcess | null = null;
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "livequeue-overlay-e2e-"));
  constructor(readonly port: number) {}

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(request: APIRequestContext) {
    const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    this.process = child;
    await expect.poll(async () => (await request.get(`${this.origin}/api/v1/health`).catch(() => null))?.ok() ?? false, { timeout: 30_000, intervals: [250] }).toBe(true);
  }

  async stop() {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }

  remove() {
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

test("left open for hours of changes, a dropped connection and a server restart, it ends on the right songs", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const server = new OwnServer(Number(process.env.E2E_PORT ?? 8765) + 10);
  await server.start(request);
  try {
    const login = await request.post(`${server.origin}/api/v1/auth/admin`, { form: { username: ADMIN.username, password: ADMIN.password } });
    expect(login.ok()).toBe(true);
    const token = ((await login.json()) as { access_token: string }).access_token;
    const call = async <T>(method: "get" | "post" | "put" | "delete", apiPath: string, data?: unknown): Promise<T> => {
      const response = await request[method](`${server.origin}/api/v1/${apiPath}`, { headers: { authorization: `Bearer ${token}` }, data });
      expect(response.ok(), `${method} ${apiPath}: ${response.status()}`).toBe(true);
      return (await response.json().catch(() => null)) as T;
    };
    await call("put", "set/isQueueOn", { state: "true" });

    // Every socket the overlay opens, so the test can cut them as a network drop would.
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await page.addInitScript(() => {
      const Native = window.WebSocket;
      const sockets: WebSocket[] = [];
      (window as unknown as { overlaySockets: WebSocket[] }).overlaySockets = sockets;
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          sockets.push(this);
        }
      };
    });
    await page.goto(`${server.origin}/overlay?count=5`);
    await expect(nowPlaying(page)).toContainText("Nothing playing yet");

    let current: string | null = null;
    let added = 0;
    let changes = 0;
    const waiting: string[] = [];
    /** One change of the queue, in a rotation of adds, plays, removals and priority moves. */
    async function change() {
      const kind = changes % 5;
      changes += 1;
      if (kind <= 1 || waiting.length < 3) {
        added += 1;
        const { queuer } = await call<{ queuer: Song }>("post", "admin-post/", {
          artist_name: `Artist ${added}`,
          track_title: `Song ${added}`,
          youtube_username: `fan${added}`,
          link: `https://example.com/long-stream-${added}`,
        });
        waiting.push(queuer.id);
      } else if (kind === 2) {
        const result = await call<{ now_playing: Song | null }>("post", "active-queuer/play-next", { current_id: current });
        current = result.now_playing?.id ?? null;
        if (current && waiting.includes(current)) waiting.splice(waiting.indexOf(current), 1);
      } else if (kind === 3) {
        await call("delete", `queuer/${waiting.pop()}/admin`);
      } else {
        await call("put", `priority/user/${waiting[waiting.length - 1]}`, { priority_level: 1 + (changes % 3) });
      }
    }
    /** A public list as anyone can read it; a 404 is an empty list. */
    const publicList = async (apiPath: string): Promise<Song[]> => {
      const response = await request.get(`${server.origin}/api/v1/${apiPath}`);
      return response.status() === 404 ? [] : ((await response.json()) as Song[]);
    };
    async function expectOverlayMatchesServer() {
      const active = await publicList("active-queuer/queue");
      const next = await publicList("queuer/queue");
      await expect(nowPlaying(page)).toContainText(active[0]?.track_title ?? "Nothing playing yet", { timeout: 30_000 });
      await expect(upNextRows(page)).toHaveText(
        next.slice(0, 5).map((song) => new RegExp(`^\\d${song.track_title} by `)),
        { timeout: 30_000 },
      );
    }

    for (let step = 0; step < 80; step += 1) await change();
    await expectOverlayMatchesServer();

    // A dropped connection: offline, the sockets cut, changes made meanwhile; the last songs stay on screen.
    const before = await nowPlaying(page).innerText();
    await page.context().setOffline(true);
    await page.evaluate(() => {
      for (const socket of (window as unknown as { overlaySockets: WebSocket[] }).overlaySockets) socket.close(4000, "network drop");
    });
    for (let step = 0; step < 40; step += 1) await change();
    await page.waitForTimeout(1500);
    expect(await nowPlaying(page).innerText()).toBe(before);
    await page.context().setOffline(false);
    await expectOverlayMatchesServer();

    // A server restart on the same data, with changes after it: the overlay comes back by itself.
    for (let step = 0; step < 40; step += 1) await change();
    await server.stop();
    const lastShown = await nowPlaying(page).innerText();
    await page.waitForTimeout(2000);
    expect(await nowPlaying(page).innerText()).toBe(lastShown);
    await server.start(request);
    for (let step = 0; step < 40; step += 1) await change();
    expect(changes).toBe(200);

    await expectOverlayMatchesServer();
    const finalTitle = (await publicList("active-queuer/queue"))[0]?.track_title;
    expect(finalTitle).toMatch(/^Song \d+$/);
    await expect(nowPlaying(page)).toContainText(finalTitle!);
    await expect(page.locator("body")).not.toContainText(/error|failed|reconnect/i);
    await page.screenshot({ path: `${SHOTS}/overlay-after-long-stream-1280.png` });
    await page.context().close();
  } finally {
    await server.stop();
    server.remove();
  }
});
