import { expect, test as base, type Browser, type Page, type WebSocket } from "@playwright/test";
import { ACCOUNT_TIMINGS } from "../common/src/account";
import { blockingViolations } from "./axe";

export { expect };

/**
 * Playwright's `test`, which also closes every browser context a journey opened itself
 * (`browser.newContext()`) when it ends. Playwright closes only its own `context` fixture: a host's
 * admin page on its socket or a playing player left open kept running through every later journey,
 * and the machine grew slower as the run went on. Contexts a `beforeAll` opened are the file's to close.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});

/** The admin the e2e server starts with (playwright.config.ts). */
export const ADMIN = { username: "host", password: "host-password-123" };
export const SHOTS = "test-results/screenshots";
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * The page's public live socket once the server has greeted it (it greets a new socket at once, and a
 * greeted socket hears every announcement from then on). Call it before the page opens the socket.
 */
export function liveSocketGreeted(page: Page): Promise<WebSocket> {
  return new Promise((resolve) =>
    page.on("websocket", (socket) => {
      if (new URL(socket.url()).pathname === "/ws/public") socket.once("framereceived", () => resolve(socket));
    }),
  );
}

/**
 * Saves `<name>-390.png` and `<name>-1280.png`, then puts the page back at its own size. A dialog is
 * shot with `fullPage: false`, as the screen shows it (its overlay covers the viewport only).
 */
export async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  const own = page.viewportSize();
  for (const [label, size] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage, animations: "disabled" });
  }
  if (own) await page.setViewportSize(own);
}

/** A desktop page signed in as the host at /access. */
export async function signedInHost(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto("/access");
  await page.getByLabel("Email / Username").fill(ADMIN.username);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** An admin call made from the host's page with the token the app stored: its status and its answer (null when empty). */
export function hostCall<T = unknown>(host: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return host.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem("admin_access_token")}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

/** An admin change made from the host's page, which must succeed. */
export async function asHost(host: Page, method: "POST" | "PUT" | "DELETE", path: string, body?: unknown) {
  const { status } = await hostCall(host, method, path, body);
  expect(status, `${method} ${path}`).toBeLessThan(300);
}

/** Manage Queue in its cards, whose buttons the journeys press (compact rows are the host's default view). */
export async function showQueueCards(host: Page) {
  await host.getByRole("radiogroup", { name: "View" }).getByText("Cards").click();
}

/** An empty, open queue, whatever the other journeys on the same server left behind. */
export async function clearAndOpenQueue(host: Page) {
  for (const list of ["active-queuer/queue/admin", "queuer/queue/admin", "queuer/on-hold/admin"]) await asHost(host, "DELETE", list);
  await asHost(host, "PUT", "set/isQueueOn", { state: "true" });
}

/**
 * Animation frames in a row with nothing moving before the page counts as settled. A change of width
 * starts its transitions a frame or two after the resize (the toasts move from bottom-center to
 * bottom-right and come in again): checked once, the page looked still just before a toast faded in.
 */
const QUIET_FRAMES = 4;

/**
 * Waits until nothing is fading or sliding (a toast coming in, a dialog closing behind the next one):
 * half transparent, their text would fail axe's contrast check mid-animation. Endless animations
 * (loaders, the Now Playing equaliser) and finished ones kept by their fill mode are not waited for.
 */
export async function transitionsSettled(page: Page) {
  await page.evaluate(() => ((window as unknown as { quietFrames: number }).quietFrames = 0));
  await page.waitForFunction((needed) => {
    const counter = window as unknown as { quietFrames: number };
    const moving = document.getAnimations().some((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().iterations !== Infinity);
    counter.quietFrames = moving ? 0 : counter.quietFrames + 1;
    return counter.quietFrames >= needed;
  }, QUIET_FRAMES);
}

/**
 * Closes every toast with its Close button, as the host would before a screenshot, rather than waiting
 * the 4.5 s each stays. A toast that leaves by itself while being clicked is gone all the same.
 */
export async function closeToasts(page: Page) {
  const closeButtons = page.getByRole("button", { name: "Close notification" });
  while ((await closeButtons.count()) > 0)
    await closeButtons
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0);
}

/** Fails on any critical or serious axe violation, at phone and desktop width, naming each one. */
export async function expectAccessible(page: Page, what: string) {
  const own = page.viewportSize();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await transitionsSettled(page);
    expect(await blockingViolations(page), `${what} at ${size.width} px`).toEqual([]);
  }
  if (own) await page.setViewportSize(own);
}

/**
 * Gives the page the proof a Google redirect sign-in started in its tab would leave (the web's
 * redirect-proof.ts), so /auth/success?…&state=<returned value> signs in as if Google sent it there.
 */
export async function proveRedirectSignIn(page: Page): Promise<string> {
  const proof = `e2e-proof-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await page.addInitScript((value) => {
    if (location.pathname === "/auth/success") sessionStorage.setItem("google_sign_in_state", value);
  }, proof);
  return proof;
}

/** A member registered through the API and signed in through /auth/success, on / with the first-visit help closed. */
export async function signedInMember(browser: Browser, username: string, displayName: string): Promise<{ page: Page; accessToken: string }> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const registered = await page.request.post("/api/v1/auth/user/register", {
    data: { username, email: `${username}@example.com`, password: "member-password-1", display_name: displayName },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const body = (await registered.json()) as { access_token: string; refresh_token: string; user: { user_id: string } };
  const query = new URLSearchParams({
    access_token: body.access_token,
    refresh_token: body.refresh_token,
    user_id: body.user.user_id,
    type: "user",
    is_new_user: "false",
    redirect_to: "/",
    state: await proveRedirectSignIn(page),
  });
  // The page says "Redirecting you now..." for ACCOUNT_TIMINGS.authSuccessRedirectMs (its own test in
  // web/src/routes): the page's clock skips that wait instead of the journey sitting through it.
  await page.clock.install();
  await page.goto(`/auth/success?${query.toString()}`);
  await expect(page.getByRole("button", { name: `Your account (@${username})` })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText("Redirecting you now...")).toBeVisible();
  await page.clock.fastForward(ACCOUNT_TIMINGS.authSuccessRedirectMs);
  await expect(page).toHaveURL(/\/$/);
  // The help opens once on a first visit of /, when its code has loaded: close it only once it is there.
  const help = page.getByRole("dialog", { name: "How Does It Work" });
  await expect(help).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  return { page, accessToken: body.access_token };
}
