import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { STORAGE_KEYS } from "@common/auth";
import type { UserAuthResponse } from "@common/users";
import { setSessionTokens } from "../../../lib/storage";
import { startRealServer, type RealServer } from "../../../test/real-server";
import { renderWithProviders } from "../../../test/render";
import { useSessionActions } from "../session";
import { AccountModal, type AccountTab } from "./account-modal";

let server: RealServer;
let member: UserAuthResponse;
beforeAll(async () => {
  server = await startRealServer();
  await server.openQueue();
  member = await server.register("history_member", { display_name: "History Member" });
  for (let index = 1; index <= 12; index += 1) await server.submitAndPlay(member.access_token, `Song ${String(index).padStart(2, "0")}`);
}, 120_000);
afterAll(() => server.stop(), 20_000);
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", server.apiUrl);
  localStorage.clear();
  setSessionTokens("user", member, member.user);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

function Harness({ tab, onOpenCommunity = vi.fn() }: { tab: AccountTab; onOpenCommunity?: () => void }) {
  const session = useSessionActions();
  return <AccountModal opened tab={tab} onTabChange={() => {}} onClose={() => {}} onOpenCommunity={onOpenCommunity} onSignOut={session.signOut} />;
}

const rows = () => screen.queryAllByRole("listitem").map((row) => row.getAttribute("aria-label"));

describe("the account modal", { timeout: 30_000 }, () => {
  it("shows the profile with the member's counts", async () => {
    renderWithProviders(<Harness tab="profile" />);
    expect(await screen.findByText("History Member")).toBeTruthy();
    expect(screen.getByText(/@history_member/)).toBeTruthy();
    expect(screen.getByLabelText("Statistics").textContent).toBe("12Submissions12Played100%Play Rate");
  });

  it("lets a member connect their video channel through Google sign-in with the channel flag", async () => {
    renderWithProviders(<Harness tab="profile" />, { route: "/community" });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    await userEvent.click(await screen.findByRole("button", { name: "Connect your channel with Google" }));
    const target = new URL(assign.mock.calls[0]![0] as string);
    expect(target.pathname).toMatch(/\/auth\/google\/start$/);
    expect(target.searchParams.get("redirect_to")).toBe("/community");
    expect(target.searchParams.get("youtube")).toBe("true");
    expect(localStorage.getItem(STORAGE_KEYS.intendedPath)).toBe("/community");
  });

  it("shows 5 of the 10 latest submissions, and up to 50 once expanded", async () => {
    renderWithProviders(<Harness tab="history" />);
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[0]).toBe("Song 12 by Test Artist");
    await userEvent.click(screen.getByRole("button", { name: "Show More" }));
    await waitFor(() => expect(rows()).toHaveLength(12));
    expect(rows()[11]).toBe("Song 01 by Test Artist");
    expect(screen.queryByRole("button", { name: "Show More" })).toBeNull();
  });

  it("offers Draft Submission, which opens the draft modal, and the Community Hub", async () => {
    const onOpenCommunity = vi.fn();
    renderWithProviders(<Harness tab="profile" onOpenCommunity={onOpenCommunity} />);
    await userEvent.click(await screen.findByRole("button", { name: "Draft Submission" }));
    expect(await screen.findByRole("dialog", { name: "Draft Submission" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Community" }));
    expect(onOpenCommunity).toHaveBeenCalled();
  });

  it("signs out: the login is revoked on the server and every stored token, legacy ones too, is cleared", async () => {
    const login = await server.call<UserAuthResponse>("POST", "auth/user/login", { form: { username: "history_member", password: "member-password-1" } });
    setSessionTokens("user", login, login.user);
    localStorage.setItem("accessToken", "old");
    localStorage.setItem("userInfo", "{}");
    renderWithProviders(<Harness tab="profile" />);
    await userEvent.click(await screen.findByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.userRefreshToken)).toBeNull());
    for (const key of [STORAGE_KEYS.userAccessToken, STORAGE_KEYS.userData, STORAGE_KEYS.userId, "accessToken", "userInfo"]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    await expect(server.call("POST", "auth/user/refresh", { token: login.refresh_token })).rejects.toThrow(/answered 401/);
  });
});
