import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { Notifications } from "@mantine/notifications";
import { Route, Routes } from "react-router";
import { STORAGE_KEYS } from "@common/auth";
import { presentSite, type Site } from "@common/site";
import { renderWithProviders } from "../test/render";
import { AuthErrorPage } from "./auth-error-page";

const hostSite: Site = { ...presentSite(() => null), contact_email: "help@nightshift.example" };

function renderAt(query: string, site?: Site) {
  return renderWithProviders(
    <>
      <Notifications />
      <Routes>
        <Route path="/auth/error" element={<AuthErrorPage />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </>,
    { route: `/auth/error?${query}`, site },
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe("/auth/error", () => {
  it("explains a cancelled sign-in, toasts it for 6 s and counts 10 s down to home", async () => {
    renderAt("error=access_denied&error_description=The+user+denied+access");
    expect(screen.getByRole("heading", { name: "Access Denied" })).toBeTruthy();
    expect(screen.getAllByText("You cancelled the Google sign-in process")).toHaveLength(2);
    expect(screen.getByText("Going to the home page in 10 s")).toBeTruthy();

    await advance(5_900);
    expect(screen.getAllByText("You cancelled the Google sign-in process")).toHaveLength(2);
    expect(screen.getByText("Going to the home page in 5 s")).toBeTruthy();
    await advance(1_100);
    expect(screen.getAllByText("You cancelled the Google sign-in process")).toHaveLength(1);

    await advance(2_900);
    expect(screen.getByText("Going to the home page in 1 s")).toBeTruthy();
    expect(screen.queryByText("Home page")).toBeNull();
    await advance(100);
    expect(screen.getByText("Home page")).toBeTruthy();
  });

  it("shows the error as a red toast titled like the page, gone after 6 s while the page keeps it, and names the tab", async () => {
    renderAt("error=invalid_state");
    const toast = screen.getByRole("alert");
    expect(toast.textContent).toContain("Security Error");
    expect(toast.textContent).toContain("The sign-in request expired or is invalid.");
    expect(screen.getByRole("heading", { level: 1, name: "Security Error" })).toBeTruthy();
    expect(document.title).toBe("Sign-in problem · LiveQueue");
    await advance(5_900);
    expect(screen.getByRole("alert")).toBeTruthy();
    await advance(1_100);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("The sign-in request expired or is invalid.")).toBeTruthy();
  });

  it("hides Try Again for errors a retry cannot fix", () => {
    renderAt("error=unauthorized_client", hostSite);
    expect(screen.queryByRole("button", { name: "Try Again" })).toBeNull();
    expect(screen.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toMatch(
      /^mailto:help@nightshift\.example\?subject=Sign-in%20problem%20\(unauthorized_client\)/,
    );
  });

  it("offers no Contact Support mail to a made-up address when the host set none", () => {
    renderAt("error=unauthorized_client");
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Contact Support" })).toBeNull();
  });

  it("Try Again forgets the intended path and goes home", async () => {
    localStorage.setItem(STORAGE_KEYS.intendedPath, "/community");
    renderAt("error=temporarily_unavailable");
    expect(screen.getByText("Please try again in a few minutes.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await advance(0);
    expect(screen.getByText("Home page")).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.intendedPath)).toBeNull();
  });

  it("shows the code, description and detail under Technical Details, and the detail for oauth_failed", async () => {
    renderAt("error=oauth_failed&error_description=Google+sign-in+failed&detail=token+endpoint+answered+500");
    expect(screen.getAllByText("token endpoint answered 500").length).toBeGreaterThan(0);
    const toggle = screen.getByRole("button", { name: "Technical Details" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    await advance(300);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText(/code: oauth_failed\s+description: Google sign-in failed\s+detail: token endpoint answered 500/)).toBeTruthy();
  });

  it("reads 'description' as well, and falls back to 'Authentication failed'", () => {
    renderAt("error=brand_new_code&description=Something+odd+happened");
    expect(screen.getAllByText("Something odd happened").length).toBeGreaterThan(0);
  });

  it("goes home at once with Go to Home Now", async () => {
    renderAt("");
    expect(screen.getAllByText("Authentication failed").length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Go to Home Now" }));
    await advance(0);
    expect(screen.getByText("Home page")).toBeTruthy();
  });
});
