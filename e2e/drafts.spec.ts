import { execFileSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, test, DESKTOP, PHONE, asHost, clearAndOpenQueue, expectAccessible, shoot, signedInHost } from "./support";

/** The port playwright.config.ts gives the server as CLAMAV_URL. */
const CLAMD_PORT = Number(process.env.E2E_CLAMD_PORT ?? Number(process.env.E2E_PORT ?? 8765) + 1);
const TONE = path.resolve("server/src/test/fixtures/audio/tone.mp3");

/** The server's virus scanner: a real clamd (the project's setup script starts one), reached through this port. */
async function clamdProxy(port: number) {
  const clamd = new URL(execFileSync("bash", [path.resolve(".ci/setup-clamav.sh")], { encoding: "utf8" }).trim());
  const server = net.createServer((scanner) => {
    const upstream = net.connect(Number(clamd.port), clamd.hostname);
    scanner.pipe(upstream).pipe(scanner);
    upstream.on("error", () => scanner.destroy());
    scanner.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A member registered through the API, signed in on a new phone-sized page (help already seen). */
async function signedInMember(browser: Browser, request: APIRequestContext, username: string) {
  const response = await request.post("/api/v1/auth/user/register", { data: { username, email: `${username}@example.com`, password: "member-password-1" } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { access_token: string; refresh_token: string; user: { user_id: string; username: string } };
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addInitScript((session) => {
    if (localStorage.getItem("user_access_token")) return;
    localStorage.setItem("user_access_token", session.access_token);
    localStorage.setItem("user_refresh_token", session.refresh_token);
    localStorage.setItem("user_data", JSON.stringify({ user_id: session.user.user_id, username: session.user.username }));
    localStorage.setItem("user_id", session.user.user_id);
    localStorage.setItem("how_it_works_seen", "true");
  }, body);
  return { page: await context.newPage(), token: body.access_token };
}

let scanner: Awaited<ReturnType<typeof clamdProxy>>;
test.beforeAll(async () => {
  scanner = await clamdProxy(CLAMD_PORT);
});
test.afterAll(async () => {
  await scanner.close();
});

test("a member drafts a song with a file while the queue is closed, and sends it from the disclaimer once the host opens the queue", async ({ browser, request }) => {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  await asHost(host, "PUT", "set/isQueueOn", { state: "false" });

  const { page: member, token } = await signedInMember(browser, request, `owl_${Date.now().toString(36)}`);
  await member.goto("/queue");
  const closed = member.getByRole("dialog", { name: "The queue is closed" });
  await expect(closed).toBeVisible();
  await closed.getByRole("button", { name: "Draft a submission for next time" }).click();

  const modal = member.getByRole("dialog", { name: "Draft Submission" });
  await modal.getByLabel("Artist name").fill("Night Owls");
  await modal.getByLabel("Track title").fill("Low Light");
  await modal.getByLabel("Channel username").fill("OwlChannel");
  await expect(modal.getByText("Needs artist, title and a link or file")).toBeVisible();
  await modal.getByText("File", { exact: true }).click();
  await modal.locator('input[type="file"]').setInputFiles(TONE);
  await expect(modal.getByRole("status").filter({ hasText: "Uploaded" })).toBeVisible({ timeout: 20_000 });
  await expect(modal.getByText("Ready to send")).toBeVisible();
  await expect(modal.getByText("Draft saved")).toBeVisible();
  await expect(modal.getByRole("button", { name: "Send to queue" })).toBeEnabled();

  const saved = await request.get("/api/v1/drafts/me", { headers: { authorization: `Bearer ${token}` } });
  expect(await saved.json()).toMatchObject({ artist_name: "Night Owls", track_title: "Low Light", is_file: true, file_name: "tone.mp3", file_expired: false });

  await shoot(member, "draft-modal", { fullPage: false });
  await expectAccessible(member, "the draft modal");
  await modal.getByRole("button", { name: "Keep for Later" }).click();
  await expect(modal).toBeHidden();
  // Saved, never sent: the closed queue now offers the saved draft, and the queue is still empty.
  await expect(closed.getByRole("button", { name: "Use Saved Draft" })).toBeVisible();
  await expect(member.getByText("Nobody is waiting. Be the first!")).toBeAttached();
  await shoot(member, "queue-closed-saved-draft", { fullPage: false });

  // Reopened, the draft shows the file it keeps.
  await closed.getByRole("button", { name: "Use Saved Draft" }).click();
  await expect(modal.getByText("Saved file: tone.mp3 (kept 24 hours)")).toBeVisible();
  await modal.getByRole("button", { name: "Keep for Later" }).click();

  await asHost(host, "PUT", "set/isQueueOn", { state: "true" });
  await member.goto("/");
  await member.getByRole("button", { name: "Join Queue" }).click();
  const disclaimer = member.getByRole("dialog", { name: "Join the queue" });
  await expect(disclaimer.getByRole("button", { name: "Send Saved Draft" })).toBeVisible();
  await shoot(member, "disclaimer-send-saved-draft", { fullPage: false });
  await expectAccessible(member, "the disclaimer with a saved draft");
  await disclaimer.getByRole("button", { name: "Send Saved Draft" }).click();

  await expect(member).toHaveURL(/\/queue$/);
  const own = member.getByRole("region", { name: "Waiting", exact: true }).locator("[data-own]");
  await expect(own.getByRole("button", { name: "Low Light by Night Owls" })).toBeVisible();
  await expect(member.getByLabel("Your position")).toContainText("#1");
  expect((await request.get("/api/v1/drafts/me", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(404);

  await member.setViewportSize(DESKTOP);
  await host.context().close();
});
