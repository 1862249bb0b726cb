import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { Notifications, notifications } from "@mantine/notifications";
import { Route, Routes } from "react-router";
import { STORAGE_KEYS } from "@common/auth";
import type { SubmitResponse } from "@common/queue";
import type { UserAuthResponse } from "@common/users";
import { startRealServer, type RealServer } from "../test/real-server";
import { advance, until } from "../test/frozen-timers";
import { renderWithProviders } from "../test/render";
import { beginRedirectSignIn } from "../features/account";
import { AuthSuccessPage } from "./auth-success-page";

function renderAt(query: string) {
  return renderWithProviders(
    <>
      <Notifications />
      <Routes>
        <Route path="/auth/success" element={<AuthSuccessPage />} />
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/community" element={<p>Community page</p>} />
        <Route path="/queue" element={<p>Queue page</p>} />
      </Routes>
    </>,
    { route: `/auth/success?${query}` },
  );
}

let server: RealServer;
beforeAll(async () => {
  server = await startRealServer();
}, 90_000);
afterAll(() => server.stop(), 20_000);
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", server.apiUrl);
  localStorage.clear();
  sessionStorage.clear();
  // Only the page's own timers are frozen; network I/O runs for real.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(() => {
  // Toasts outlive the page under frozen timers; each test reads only its own.
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** A song this browser submitted as a guest, remembered the way the submit form remembers it. */
async function submitAsGuest(trackTitle: string): Promise<void> {
  await server.openQueue();
  const answer = await server.call<SubmitResponse>("POST", "queuer/?bypass_duplicates=false", {
    json: {
      artist_name: "Guest Artist",
      track_title: trackTitle,
      youtube_username: "guest",
      username: "guest",
      link: `https://example.com/${trackTitle}-${Date.now()}`,
      message: "",
    },
  });
  localStorage.setItem(
    STORAGE_KEYS.anonymousSubmission,
    JSON.stringify({ id: answer.queuer.id, user_id: answer.queuer.user_id, guest_secret: answer.guest_secret, submitted_at: answer.queuer.submitted_at }),
  );
}

const submissionsOf = async (member: UserAuthResponse) =>
  (await server.call<{ total_submissions: number }>("GET", "user/me/stats", { token: member.access_token })).total_submissions;

describe("/auth/success", { timeout: 30_000 }, () => {
  describe("a link this tab did not start (someone luring the visitor into their own account)", () => {
    const forgedQuery = (member: UserAuthResponse, extra: Record<string, string> = {}) =>
      new URLSearchParams({
        access_token: member.access_token,
        refresh_token: member.refresh_token,
        user_id: member.user.user_id,
        type: "user",
        is_new_user: "false",
        ...extra,
      }).toString();

    async function expectRefused(member: UserAuthResponse) {
      expect(screen.getByRole("heading", { name: "Authentication Failed" })).toBeTruthy();
      expect(screen.getByText("This sign-in was not started in this browser. Please sign in again.")).toBeTruthy();
      expect(screen.getByText("Authentication failed. Please try again.")).toBeTruthy();
      expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.userRefreshToken)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
      expect(window.location.search).toBe("");
      await advance(3_000);
      expect(screen.getByText("Home page")).toBeTruthy();
      expect(await submissionsOf(member)).toBe(0);
    }

    it("stores no tokens and links no guest entry without the tab's proof", async () => {
      const stranger = await server.register("stranger_no_state");
      await submitAsGuest("No State Song");
      renderAt(forgedQuery(stranger));
      await expectRefused(stranger);
    });

    it("refuses a proof made in another tab, and uses this tab's proof up", async () => {
      const stranger = await server.register("stranger_other_tab");
      await submitAsGuest("Other Tab Song");
      beginRedirectSignIn();
      renderAt(forgedQuery(stranger, { state: "proof-from-another-tab-0123456789" }));
      await expectRefused(stranger);
      expect(sessionStorage.length).toBe(0);
    });
  });

  it("links this browser's guest entry to the account for a sign-in this tab started", async () => {
    const member = await server.register("linking_member");
    await submitAsGuest("Linked Song");
    const query = new URLSearchParams({
      access_token: member.access_token,
      refresh_token: member.refresh_token,
      user_id: member.user.user_id,
      is_new_user: "false",
      state: beginRedirectSignIn(),
    });
    renderAt(query.toString());
    await until(() => !!screen.queryByRole("heading", { name: "Welcome Back!" }));
    expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBe(member.access_token);
    expect(await submissionsOf(member)).toBe(1);
    expect(sessionStorage.length).toBe(0);
  });

  it("fails without both tokens: 'Missing authentication tokens', a toast, and home after 3 s", async () => {
    renderAt("access_token=only-one&user_id=u1");
    expect(screen.getByRole("heading", { name: "Authentication Failed" })).toBeTruthy();
    expect(screen.getByText("Missing authentication tokens")).toBeTruthy();
    expect(screen.getByText("Authentication failed. Please try again.")).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBeNull();
    await advance(2_900);
    expect(screen.queryByText("Home page")).toBeNull();
    await advance(100);
    expect(screen.getByText("Home page")).toBeTruthy();
  });

  it("stores the session, welcomes back and goes to the intended path after 2.5 s", async () => {
    const member = await server.register("returning_member", { display_name: "Returning" });
    localStorage.setItem(STORAGE_KEYS.intendedPath, "/community");
    const query = new URLSearchParams({
      access_token: member.access_token,
      refresh_token: member.refresh_token,
      user_id: member.user.user_id,
      type: "user",
      is_new_user: "false",
      redirect_to: "/queue",
      youtube_connected: "false",
      state: beginRedirectSignIn(),
    });
    renderAt(query.toString());
    expect(screen.getByRole("heading", { name: "Completing Authentication..." })).toBeTruthy();
    await until(() => !!screen.queryByRole("heading", { name: "Welcome Back!" }));
    expect(screen.getByText("Redirecting you now...")).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBe(member.access_token);
    expect(localStorage.getItem(STORAGE_KEYS.userRefreshToken)).toBe(member.refresh_token);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData)!)).toMatchObject({ user_id: member.user.user_id, username: "returning_member", display_name: "Returning" });

    await advance(2_400);
    expect(screen.queryByText("Community page")).toBeNull();
    await advance(100);
    expect(screen.getByText("Community page")).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.intendedPath)).toBeNull();
  });

  it("welcomes a new member, mentions the connected channel and follows redirect_to without an intended path", async () => {
    const member = await server.register("brand_new_member");
    const query = new URLSearchParams({
      access_token: member.access_token,
      refresh_token: member.refresh_token,
      user_id: member.user.user_id,
      type: "user",
      is_new_user: "true",
      redirect_to: "/queue",
      youtube_connected: "true",
      youtube_channel: "Brand New Beats",
      state: beginRedirectSignIn(),
    });
    renderAt(query.toString());
    await until(() => !!screen.queryByRole("heading", { name: "Welcome to LiveQueue" }));
    expect(screen.getByText("Your channel Brand New Beats is connected.")).toBeTruthy();
    await advance(2_500);
    expect(screen.getByText("Queue page")).toBeTruthy();
  });

  it("stores nothing when the result's type is not a member sign-in", async () => {
    const member = await server.register("typed_member");
    const query = new URLSearchParams({
      access_token: member.access_token,
      refresh_token: member.refresh_token,
      user_id: member.user.user_id,
      type: "admin",
      state: beginRedirectSignIn(),
    });
    renderAt(query.toString());
    expect(screen.getByRole("heading", { name: "Authentication Failed" })).toBeTruthy();
    expect(screen.getByText("This sign-in is not for a member account. Please sign in again.")).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminAccessToken)).toBeNull();
  });

  it("never redirects off the site", async () => {
    const member = await server.register("careful_member");
    const query = new URLSearchParams({ access_token: member.access_token, refresh_token: member.refresh_token, redirect_to: "//evil.example/", state: beginRedirectSignIn() });
    renderAt(query.toString());
    await until(() => !!screen.queryByRole("heading", { name: "Welcome Back!" }));
    await advance(2_500);
    expect(screen.getByText("Home page")).toBeTruthy();
  });
});
