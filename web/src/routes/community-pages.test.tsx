import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import type { UserAuthResponse } from "@common/users";
import { AccountSlotProvider } from "../components/account-slot";
import { setSessionTokens } from "../lib/storage";
import { startRealServer, type RealServer } from "../test/real-server";
import { renderWithProviders } from "../test/render";
import { CommunityPage } from "./community-page";
import { CommunityProfilePage } from "./community-profile-page";

// jsdom has no layout; Mantine's select scrolls its selected option into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

let server: RealServer;
let busy: UserAuthResponse;
beforeAll(async () => {
  server = await startRealServer();
  await server.register("alice_x");
  // Eleven played songs, one after another: one more than the ten Recent Activity fetches.
  busy = await server.register("busy_x");
  await server.openQueue();
  for (let n = 1; n <= 11; n += 1) await server.submitAndPlay(busy.access_token, `Song ${String(n).padStart(2, "0")}`);
}, 120_000);
afterAll(() => server.stop(), 20_000);
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", server.apiUrl);
  localStorage.clear();
});
afterEach(() => vi.unstubAllEnvs());

describe("the community pages", { timeout: 30_000 }, () => {
  function Pages() {
    return (
      <AccountSlotProvider value={{ NavButton: () => null, openAccount: vi.fn() }}>
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/queue" element={<p>Queue page</p>} />
          <Route path="/community" element={<CommunityPage />} />
          <Route path="/community/:username" element={<CommunityProfilePage />} />
        </Routes>
      </AccountSlotProvider>
    );
  }

  it("has a Back control on /community and on a profile", async () => {
    renderWithProviders(<Pages />, { route: "/community" });
    await userEvent.click(await screen.findByRole("button", { name: "Back" }));
    expect(await screen.findByText("Home page")).toBeTruthy();

    renderWithProviders(<Pages />, { route: "/community/alice_x" });
    await screen.findByRole("heading", { name: "@alice_x" });
    await userEvent.click(screen.getAllByRole("button", { name: "Back" }).at(-1)!);
    expect((await screen.findAllByText("Home page")).length).toBe(2);
  });

  it("links the 'Voting (Coming Soon)' card to the votes that work on the queue page", async () => {
    renderWithProviders(<Pages />, { route: "/community" });
    const card = (await screen.findByText("Voting (Coming Soon)")).closest("div")!;
    await userEvent.click(within(card).getByRole("link", { name: "Vote on the queue page" }));
    expect(await screen.findByText("Queue page")).toBeTruthy();
  });

  it("sorts Recent Activity over every submission: Oldest is the oldest of all, not of the ten fetched", async () => {
    renderWithProviders(<Pages />, { route: "/community/busy_x" });
    await userEvent.click(await screen.findByRole("tab", { name: "History" }));
    await screen.findByRole("listitem", { name: "Song 11 by Test Artist" });
    await userEvent.click(screen.getByRole("combobox", { name: "Sort submissions" }));
    await userEvent.click(await screen.findByRole("option", { name: "Oldest", hidden: true }));
    await waitFor(() => expect(screen.getAllByRole("listitem")[0]!.getAttribute("aria-label")).toBe("Song 01 by Test Artist"));
  });

  it("sorts the member's own Recent Activity on /community over every submission too", async () => {
    setSessionTokens("user", busy, busy.user);
    renderWithProviders(<Pages />, { route: "/community" });
    await userEvent.click(await screen.findByRole("tab", { name: "History" }));
    await screen.findByRole("listitem", { name: "Song 11 by Test Artist" });
    await userEvent.click(screen.getByRole("combobox", { name: "Sort submissions" }));
    await userEvent.click(await screen.findByRole("option", { name: "Oldest", hidden: true }));
    await waitFor(() => expect(screen.getAllByRole("listitem")[0]!.getAttribute("aria-label")).toBe("Song 01 by Test Artist"));
  });
});
