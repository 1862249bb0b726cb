import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { Notifications, notifications } from "@mantine/notifications";
import { act } from "react";
import { STORAGE_KEYS } from "@common/auth";
import { api } from "../../lib/api-client";
import { renderWithProviders } from "../../test/render";
import { AccountProvider } from "./account-provider";

/** A server that refuses every token. */
let server: http.Server;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(401, { "content-type": "application/json" });
    res.end(JSON.stringify({ detail: "Could not validate credentials" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`);
  localStorage.clear();
});
afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllEnvs();
});

describe("a member session that cannot be renewed", () => {
  it("tells the member 'No refresh token' when there was none to renew it with", async () => {
    localStorage.setItem(STORAGE_KEYS.userAccessToken, "expired");
    renderWithProviders(
      <>
        <Notifications />
        <AccountProvider renderCommunityHub={() => null}>{null}</AccountProvider>
      </>,
    );
    await act(() => api.get("loyalty/balance").catch(() => undefined));
    expect(await screen.findByText("No refresh token")).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.userAccessToken)).toBeNull();
  });
});
