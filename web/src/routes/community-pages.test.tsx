import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { AccountSlotProvider } from "../components/account-slot";
import { startRealServer, type RealServer } from "../test/real-server";
import { renderWithProviders } from "../test/render";
import { CommunityPage } from "./community-page";
import { CommunityProfilePage } from "./community-profile-page";

// jsdom has no layout; Mantine's select scrolls its selected option into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

let server: RealServer;
beforeAll(async () => {
  server = await startRealServer();
  await server.register("alice_x");
}, 90_000);
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

});
