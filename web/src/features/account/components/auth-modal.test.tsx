import { useState } from "react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { STORAGE_KEYS } from "@common/auth";
import type { SubmitResponse } from "@common/queue";
import type { HistoryPage, MeUser } from "@common/users";
import { setAnonymousSubmission, USER_DATA_CHANGED_EVENT } from "../../../lib/storage";
import { startRealServer, type RealServer } from "../../../test/real-server";
import { renderWithProviders } from "../../../test/render";
import { AuthModal, type AuthMode } from "./auth-modal";

let server: RealServer;
beforeAll(async () => {
  server = await startRealServer();
}, 90_000);
afterAll(() => server.stop(), 20_000);
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", server.apiUrl);
  localStorage.clear();
});
afterEach(() => vi.unstubAllEnvs());

function Harness({ initial, onSignedIn }: { initial: AuthMode; onSignedIn: (result: { isNewUser: boolean; linked: number; name: string }) => void }) {
  const [mode, setMode] = useState<AuthMode>(initial);
  return <AuthModal opened mode={mode} onModeChange={setMode} onClose={() => {}} onSignedIn={onSignedIn} />;
}

// Password fields have no ARIA role; find them by their label.
const passwordInput = () => screen.getByLabelText(/^Password/, { selector: "input" });

// Typing goes key by key and the server hashes passwords slowly on purpose.
describe("the sign-in and registration modal", { timeout: 20_000 }, () => {
  it("refuses an empty login with the spec's two messages and stays signed out", async () => {
    const onSignedIn = vi.fn();
    renderWithProviders(<Harness initial="login" onSignedIn={onSignedIn} />);
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Username or email is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBeNull();
  });

  it("checks registration: username and e-mail required, a password of at least 8 characters", async () => {
    renderWithProviders(<Harness initial="register" onSignedIn={vi.fn()} />);
    await userEvent.type(passwordInput(), "short");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Username is required")).toBeTruthy();
    expect(screen.getByText("Email is required")).toBeTruthy();
    expect(screen.getByText("Password must be at least 8 characters long")).toBeTruthy();
  });

  it("refuses a username outside a-z, 0-9 and underscore before asking the server", async () => {
    renderWithProviders(<Harness initial="register" onSignedIn={vi.fn()} />);
    await userEvent.type(screen.getByRole("textbox", { name: /^Username/ }), "dj kofi!");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Username may only contain letters a-z, digits 0-9 and underscores")).toBeTruthy();
  });

  it("creates the account with the display name defaulting to the username as typed, and stores the session", async () => {
    const onSignedIn = vi.fn();
    const changed = vi.fn();
    window.addEventListener(USER_DATA_CHANGED_EVENT, changed);
    renderWithProviders(<Harness initial="register" onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByRole("textbox", { name: /^Username/ }), "Nova_K");
    await userEvent.type(screen.getByRole("textbox", { name: /^Email/ }), "Nova@Example.com");
    await userEvent.type(passwordInput(), "long-enough-1");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ isNewUser: true, linked: 0, name: "Nova_K" }));
    window.removeEventListener(USER_DATA_CHANGED_EVENT, changed);
    const token = localStorage.getItem(STORAGE_KEYS.userAccessToken)!;
    expect(localStorage.getItem(STORAGE_KEYS.userRefreshToken)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData)!)).toMatchObject({ username: "nova_k", display_name: "Nova_K", email: "nova@example.com" });
    expect(changed).toHaveBeenCalled();
    const me = await server.call<MeUser>("GET", "user/me", { token });
    expect(me).toMatchObject({ username: "nova_k", display_name: "Nova_K" });
  });

  it("shows the server's answer when the username is taken", async () => {
    await server.register("taken_name");
    renderWithProviders(<Harness initial="register" onSignedIn={vi.fn()} />);
    await userEvent.type(screen.getByRole("textbox", { name: /^Username/ }), "taken_name");
    await userEvent.type(screen.getByRole("textbox", { name: /^Email/ }), "someone.else@example.com");
    await userEvent.type(passwordInput(), "long-enough-1");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Username is already taken");
  });

  it("signs in by e-mail, and shows the refusal of a wrong password", async () => {
    const member = await server.register("mira_beats", { password: "right-password" });
    const onSignedIn = vi.fn();
    renderWithProviders(<Harness initial="login" onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByRole("textbox", { name: "Username or email" }), "MIRA_BEATS@example.com");
    await userEvent.type(passwordInput(), "wrong-password");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Incorrect username or password");
    expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBeNull();

    await userEvent.clear(passwordInput());
    await userEvent.type(passwordInput(), "right-password");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ isNewUser: false, linked: 0, name: member.user.display_name }));
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe(member.user.user_id);
  });

  it("links the guest's submission to the new account with the guest's secret", async () => {
    await server.openQueue();
    const submitted = await server.call<SubmitResponse>("POST", "queuer/?bypass_duplicates=false", {
      json: { artist_name: "Guest Artist", track_title: "First Song", youtube_username: "guest", username: "guest", link: "https://example.com/first-song", message: "" },
    });
    setAnonymousSubmission({
      id: submitted.queuer.id,
      user_id: submitted.queuer.user_id,
      guest_secret: submitted.guest_secret ?? undefined,
      submitted_at: submitted.queuer.submitted_at,
    });

    const onSignedIn = vi.fn();
    renderWithProviders(<Harness initial="register" onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByRole("textbox", { name: /^Username/ }), "former_guest");
    await userEvent.type(screen.getByRole("textbox", { name: /^Email/ }), "former.guest@example.com");
    await userEvent.type(passwordInput(), "long-enough-1");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ isNewUser: true, linked: 1 })));
    const history = await server.call<HistoryPage>("GET", "user/me/history?limit=10", { token: localStorage.getItem(STORAGE_KEYS.userAccessToken)! });
    expect(history.submissions.map((item) => item.track_title)).toEqual(["First Song"]);
  });
});
