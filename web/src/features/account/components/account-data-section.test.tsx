import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { STORAGE_KEYS } from "@common/auth";
import type { UserAuthResponse } from "@common/users";
import { setSessionTokens } from "../../../lib/storage";
import { startRealServer, type RealServer } from "../../../test/real-server";
import { renderWithProviders } from "../../../test/render";
import { AccountModal } from "./account-modal";

let server: RealServer;
beforeAll(async () => {
  server = await startRealServer();
}, 120_000);
afterAll(() => server.stop(), 20_000);
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", server.apiUrl);
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A member signed in in this browser, plus a second login of theirs elsewhere. */
async function signedIn(username: string): Promise<{ here: UserAuthResponse; elsewhere: UserAuthResponse }> {
  const here = await server.register(username);
  const elsewhere = await server.call<UserAuthResponse>("POST", "auth/user/login", { form: { username, password: "member-password-1" } });
  setSessionTokens("user", here, here.user);
  renderWithProviders(<AccountModal opened tab="settings" onTabChange={() => {}} onClose={() => {}} onOpenCommunity={() => {}} onSignOut={async () => {}} />);
  await screen.findByRole("button", { name: "Download my data" });
  return { here, elsewhere };
}

const refreshes = (token: string) =>
  server.call("POST", "auth/user/refresh", { token }).then(
    () => true,
    () => false,
  );

describe("the account modal's data and security actions", { timeout: 30_000 }, () => {
  it("downloads the member's data as a JSON file named after them", async () => {
    await signedIn("data_downloader");
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return "blob:export";
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("livequeue-data_downloader.json");
    const data = JSON.parse(await saved[0]!.text());
    expect(data.profile).toMatchObject({ username: "data_downloader", email: "data_downloader@example.com" });
  });

  it("changes the password with the current one, keeps this login and ends the other", async () => {
    const { here, elsewhere } = await signedIn("pass_changer");
    await userEvent.type(screen.getByLabelText(/^Current password/), "wrong-password");
    await userEvent.type(screen.getByLabelText(/^New password/), "fresh-password-2");
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Your current password is incorrect");

    await userEvent.clear(screen.getByLabelText(/^Current password/));
    await userEvent.type(screen.getByLabelText(/^Current password/), "member-password-1");
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    const done = await screen.findByText("Password changed. Your other sessions are signed out.");
    expect(done.closest("[role=status]")).not.toBeNull();
    expect(await refreshes(elsewhere.refresh_token)).toBe(false);
    expect(await refreshes(here.refresh_token)).toBe(true);
  });

  it("signs out everywhere: every login ends and this browser forgets its tokens", async () => {
    const { here, elsewhere } = await signedIn("everywhere_member");
    await userEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.userRefreshToken)).toBeNull());
    expect(await refreshes(here.refresh_token)).toBe(false);
    expect(await refreshes(elsewhere.refresh_token)).toBe(false);
  });

  it("deletes the account only after the member types their username and password", async () => {
    await signedIn("deleting_member");
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const confirm = screen.getByRole("button", { name: "Delete my account for good" });
    expect(confirm).toHaveProperty("disabled", true);
    await userEvent.type(screen.getByLabelText(/Type your username/), "deleting_membr");
    await userEvent.type(screen.getByLabelText(/^Your password/), "member-password-1");
    expect(confirm).toHaveProperty("disabled", true);
    await userEvent.type(screen.getByLabelText(/Type your username/), "{Backspace}er");
    expect(confirm).toHaveProperty("disabled", false);
    await userEvent.click(confirm);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBeNull());
    await expect(server.call("POST", "auth/user/login", { form: { username: "deleting_member", password: "member-password-1" } })).rejects.toThrow(/answered 401/);
    await expect(server.call("GET", "user/deleting_member")).rejects.toThrow(/answered 404/);
  });

  it("says why a deletion was refused and keeps the member signed in", async () => {
    await signedIn("refused_member");
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    await userEvent.type(screen.getByLabelText(/Type your username/), "refused_member");
    await userEvent.type(screen.getByLabelText(/^Your password/), "not-my-password");
    await userEvent.click(screen.getByRole("button", { name: "Delete my account for good" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Your current password is incorrect");
    expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).not.toBeNull();
  });
});
