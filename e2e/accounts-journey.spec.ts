import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, test, PHONE, DESKTOP, shoot, signedInHost, clearAndOpenQueue, proveRedirectSignIn } from "./support";

/** An empty, open queue, so a new submission is accepted whatever the other journeys left behind. */
async function openEmptyQueue(browser: Browser) {
  const host = await signedInHost(browser);
  await clearAndOpenQueue(host);
  await host.context().close();
}

interface Registered {
  username: string;
  access_token: string;
  refresh_token: string;
  user_id: string;
}

async function registerByApi(request: APIRequestContext, username: string): Promise<Registered> {
  const response = await request.post("/api/v1/auth/user/register", {
    data: { username, email: `${username}@example.com`, password: "member-password-1" },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { access_token: string; refresh_token: string; user: { user_id: string } };
  return { username, access_token: body.access_token, refresh_token: body.refresh_token, user_id: body.user.user_id };
}

/** Unique per run: the other journeys share the server, and usernames are unique. */
const stamp = Date.now().toString(36);

test("a member registers, joins with auto-fill, renames, and another member sees only public profiles", async ({ browser }) => {
  await openEmptyQueue(browser);
  const first = `mira_${stamp}`;
  const renamed = `miravale_${stamp}`;

  const member = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await member.goto("/");
  const help = member.getByRole("dialog", { name: "How Does It Work" });
  await expect(help).toBeVisible();
  await member.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // Register from the nav bar's Sign in.
  await member.getByRole("button", { name: "Sign in" }).click();
  const signIn = member.getByRole("dialog", { name: "Welcome back" });
  await expect(signIn.getByLabel("Username or email")).toBeVisible();
  await shoot(member, "sign-in-modal", { fullPage: false });
  await signIn.getByRole("tab", { name: "Create Account" }).click();
  const register = member.getByRole("dialog", { name: "Create your account" });
  await register.getByLabel("Username").fill(first);
  await register.getByLabel("Email").fill(`${first}@example.com`);
  await register.getByRole("textbox", { name: "Password", exact: true }).fill("member-password-1");
  await register.getByLabel("Display name").fill("Mira Vale");
  await register.getByRole("button", { name: "Create Account" }).click();
  await expect(member.getByRole("alert").filter({ hasText: "Welcome, Mira Vale!" })).toBeVisible();

  // A new member gets the setup wizard once; skipping it leaves the defaults to the account modal.
  const wizard = member.getByRole("dialog", { name: "Set up your account" });
  await expect(wizard.getByText("Step 1 of 4")).toBeVisible();
  await wizard.getByRole("button", { name: "Skip setup" }).click();
  await expect(wizard).toBeHidden();

  const accountButton = member.getByRole("button", { name: `Your account (@${first})` });
  await accountButton.click();
  const account = member.getByRole("dialog", { name: "Your account" });
  await expect(account.getByText(`@${first} · ${first}@example.com`)).toBeVisible();
  await expect(account.getByLabel("Statistics")).toContainText("0Submissions");
  await shoot(member, "account-modal", { fullPage: false });

  await account.getByRole("tab", { name: "Auto-Fill" }).click();
  await expect(account.getByLabel("Auto-fill the submission form")).toBeChecked();
  await account.getByLabel("Default artist name").fill("Mira Vale");
  await account.getByLabel("Default channel username").fill("MiraLive");
  await expect(account.getByRole("status")).toHaveText("Settings saved");
  await member.keyboard.press("Escape");
  await expect(account).toBeHidden();

  // Join Queue starts from the defaults.
  await member.getByRole("button", { name: "Join Queue" }).click();
  await member.getByRole("dialog", { name: "Join the queue" }).getByRole("button", { name: "Join Queue" }).click();
  const form = member.getByRole("dialog", { name: "Submit your song" });
  await expect(form.getByLabel("Artist name")).toHaveValue("Mira Vale");
  await expect(form.getByLabel("Channel username")).toHaveValue("MiraLive");
  await form.getByLabel("Track title").fill("Northern Glass");
  await form.getByLabel("Song link").fill("https://www.youtube.com/watch?v=northern001");
  await form.getByRole("button", { name: "Join" }).click();
  await expect(member).toHaveURL(/\/queue$/);
  await expect(member.getByLabel("Your position")).toContainText("#1");

  await member.getByRole("banner").getByRole("link", { name: "LiveQueue" }).click();
  await accountButton.click();
  await account.getByRole("tab", { name: "Submission History" }).click();
  await expect(account.getByRole("listitem", { name: "Northern Glass by Mira Vale" })).toBeVisible();
  await member.keyboard.press("Escape");

  // /community: the queue at a glance, the member's own card and stats, and the directory.
  await member.goto("/community");
  await expect(member.getByRole("heading", { name: "Community" })).toBeVisible();
  const glance = member.getByLabel("Queue at a glance");
  await expect(glance).toContainText("My Position#1");
  const ownCard = member.getByLabel(`Profile of @${first}`);
  await expect(ownCard.getByLabel("Statistics")).toContainText("1Submissions0Played0%Play Rate");
  await expect(ownCard.getByRole("button", { name: /^(Add|Edit) bio$/ })).toBeVisible();
  const ownTabs = member.getByRole("region", { name: "Your profile" });
  await ownTabs.getByRole("tab", { name: "History" }).click();
  await expect(ownTabs.getByRole("listitem", { name: "Northern Glass by Mira Vale" })).toBeVisible();
  await ownTabs.getByRole("tab", { name: "Stats" }).click();
  await expect(member.getByRole("listitem", { name: `@${first}` })).toContainText("1 submitted · 0 played · 0%");
  await shoot(member, "community");

  // A new username moves the profile to its new address.
  await accountButton.click();
  await account.getByRole("tab", { name: "Settings" }).click();
  await account.getByLabel("Username").fill(renamed);
  await expect(account.getByText("Username is available")).toBeVisible();
  await expect(account.getByRole("status")).toHaveText("Settings saved");
  await expect(member.getByRole("button", { name: `Your account (@${renamed})` })).toBeVisible();
  await member.keyboard.press("Escape");
  await member.goto(`/community/${renamed}`);
  await expect(member.getByLabel(`Profile of @${renamed}`)).toBeVisible();
  await member.goto(`/community/${first}`);
  await expect(member.getByRole("alert")).toContainText("Profile not found or private.");

  // A second member keeps a private profile.
  const hidden = await registerByApi(member.request, `quiet_${stamp}`);
  const privacy = await member.request.put("/api/v1/user/me", {
    headers: { authorization: `Bearer ${hidden.access_token}` },
    data: { preferences: { public_profile: false } },
  });
  expect(privacy.status()).toBe(200);

  // A third member, in another browser, signs in through /auth/success from the renamed profile.
  const viewer = await registerByApi(member.request, `otto_${stamp}`);
  const other = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  await other.goto(`/community/${renamed}`);
  await expect(other.getByLabel(`Profile of @${renamed}`)).toBeVisible();
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
  expect(await other.evaluate(() => localStorage.getItem("intended_path"))).toBe(`/community/${renamed}`);

  const query = new URLSearchParams({
    access_token: viewer.access_token,
    refresh_token: viewer.refresh_token,
    user_id: viewer.user_id,
    type: "user",
    is_new_user: "false",
    redirect_to: "/",
    state: await proveRedirectSignIn(other),
  });
  await other.goto(`/auth/success?${query.toString()}`);
  await expect(other.getByRole("heading", { name: "Welcome Back!" })).toBeVisible();
  await expect(other).toHaveURL(/\/auth\/success$/);
  await expect(other).toHaveURL(new RegExp(`/community/${renamed}$`), { timeout: 3_500 });
  const stored = await other.evaluate(() => ({
    access: localStorage.getItem("user_access_token"),
    refresh: localStorage.getItem("user_refresh_token"),
    userId: localStorage.getItem("user_id"),
    intended: localStorage.getItem("intended_path"),
  }));
  expect(stored).toEqual({ access: viewer.access_token, refresh: viewer.refresh_token, userId: viewer.user_id, intended: null });
  await expect(other.getByRole("button", { name: `Your account (@${viewer.username})` })).toBeVisible();

  // On a phone a long @name gives way in the page title (whole in its tooltip), not the header's account button.
  await expect(other.getByRole("heading", { level: 1, name: `@${renamed}` })).toHaveAttribute("title", `@${renamed}`);
  const otherAccount = other.getByRole("banner").getByRole("button", { name: `Your account (@${viewer.username})` });
  const clipped = await otherAccount.evaluate((button) => [button, ...button.querySelectorAll("*")].some((part) => part.scrollWidth > part.clientWidth));
  expect(clipped, "the account button is cut off").toBe(false);
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const publicCard = other.getByLabel(`Profile of @${renamed}`);
  await expect(publicCard.getByLabel("Statistics")).toContainText("1Submissions");
  await expect(publicCard.getByRole("button", { name: /^(Add|Edit) bio$/ })).toBeHidden();
  await other.getByRole("tab", { name: "History" }).click();
  await expect(other.getByRole("listitem", { name: "Northern Glass by Mira Vale" })).toBeVisible();

  await other.goto(`/community/${hidden.username}`);
  await expect(other.getByRole("alert")).toContainText("Profile not found or private.");
  await expect(other.getByLabel(`Profile of @${hidden.username}`)).toBeHidden();
});

test("/auth/error explains a cancelled Google sign-in and counts down home", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  // The page's timers run on a clock the journey stops and moves: the countdown's seconds pass when it says so.
  await page.clock.install();
  await page.goto("/auth/error?error=access_denied");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText(/^Going to the home page in (10|9) s$/)).toBeVisible();
  // A second ahead: the page's clock keeps running until the pause, and a busy machine can take longer
  // than a few milliseconds between reading it and pausing it (pausing in the past is refused).
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  const message = "You cancelled the Google sign-in process";
  await expect(page.getByRole("paragraph").filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Access Denied" })).toContainText(message);
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  await page.getByRole("button", { name: "Technical Details" }).click();
  // Half a second for the details to open; the countdown below is read after it.
  await page.clock.runFor(500);
  await expect(page.getByText("code: access_denied")).toBeVisible();

  const countdown = page.getByText(/^Going to the home page in \d+ s$/);
  await expect(countdown).toBeVisible();
  const secondsLeft = Number((await countdown.innerText()).match(/\d+/)![0]);
  await page.clock.runFor((secondsLeft - 1) * 1_000);
  await expect(page.getByText("Going to the home page in 1 s")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/error/);
  await page.clock.runFor(1_000);
  await expect(page).toHaveURL(/\/$/);
  await page.clock.resume();
  await expect(page.getByRole("dialog", { name: "How Does It Work" })).toBeVisible();

  await page.goto("/auth/error?error=access_denied");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await page.getByRole("button", { name: "Go to Home Now" }).click();
  await expect(page).toHaveURL(/\/$/);
});
