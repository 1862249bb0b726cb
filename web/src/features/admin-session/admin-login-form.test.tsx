import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { ACCOUNT_TIMINGS } from "@common/account";
import { STORAGE_KEYS } from "@common/auth";
import { renderWithProviders } from "../../test/render";
import { advance, until } from "../../test/frozen-timers";
import { AdminLoginForm } from "./admin-login-form";
import { AdminSessionProvider } from "./admin-session-provider";

let server: http.Server;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(401, { "content-type": "application/json" });
    res.end(JSON.stringify({ detail: "Incorrect username or password" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`);
  localStorage.clear();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("the admin sign-in form", () => {
  it("shows a refused sign-in for the 6 seconds of a sign-in error, then lets it go", async () => {
    renderWithProviders(
      <AdminSessionProvider>
        <AdminLoginForm />
      </AdminSessionProvider>,
    );
    fireEvent.change(screen.getByLabelText("Email / Username"), { target: { value: "host" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await until(() => screen.queryByRole("alert") !== null);
    expect(screen.getByRole("alert").textContent).toBe("Incorrect username or password");

    await advance(ACCOUNT_TIMINGS.authErrorToastMs - 100);
    expect(screen.queryByRole("alert")).not.toBeNull();
    await advance(100);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says 'No admin refresh token' when the stored sign-in expired with nothing to renew it", async () => {
    const expired = `e30.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 })).toString("base64url")}.sig`;
    localStorage.setItem(STORAGE_KEYS.adminAccessToken, expired);
    renderWithProviders(
      <AdminSessionProvider>
        <AdminLoginForm />
      </AdminSessionProvider>,
    );
    await until(() => screen.queryByRole("status") !== null);
    expect(screen.getByRole("status").textContent).toContain("No admin refresh token");
  });
});
