import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Notifications } from "@mantine/notifications";
import { Route, Routes } from "react-router";
import type { MeUser, UserAuthResponse } from "@common/users";
import { AccountSlotProvider } from "../../../components/account-slot";
import { setSessionTokens } from "../../../lib/storage";
import { startRealServer, type RealServer } from "../../../test/real-server";
import { renderWithProviders } from "../../../test/render";
import { useViewProfile } from "../use-view-profile";
import { BioEditor } from "./bio-editor";
import { GoToProfile } from "./go-to-profile";
import { MemberDirectory } from "./member-directory";

// jsdom has no layout; Mantine's select scrolls its selected option into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

let server: RealServer;
const members: Record<string, UserAuthResponse> = {};
beforeAll(async () => {
  server = await startRealServer();
  // Registered one after another, so "Newest" is the reverse of this order.
  for (const name of ["carol_x", "alice_x", "bob_x", "hidden_x"]) {
    members[name] = await server.register(name);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await server.call("PUT", "user/me", { token: members.hidden_x!.access_token, json: { preferences: { public_profile: false } } });
}, 90_000);
afterAll(() => server.stop(), 20_000);
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", server.apiUrl);
  localStorage.clear();
});
afterEach(() => vi.unstubAllEnvs());

function signIn(member: UserAuthResponse) {
  setSessionTokens("user", member, member.user);
}

function DirectoryPage({ pageSize }: { pageSize: number }) {
  const view = useViewProfile();
  return <MemberDirectory pageSize={pageSize} failedText="Failed to load community." onView={view} />;
}

function Directory({ pageSize, openAccount }: { pageSize: number; openAccount: (mode: "register" | "login") => void }) {
  return (
    <AccountSlotProvider value={{ NavButton: () => null, openAccount }}>
      <Notifications />
      <Routes>
        <Route path="/community" element={<DirectoryPage pageSize={pageSize} />} />
        <Route path="/community/:username" element={<p>Profile page</p>} />
        <Route path="/go" element={<GoToProfile />} />
      </Routes>
    </AccountSlotProvider>
  );
}

const cards = () => screen.getAllByRole("listitem").map((card) => card.getAttribute("aria-label"));

async function chooseOption(label: string, option: string) {
  await userEvent.click(screen.getByRole("combobox", { name: label }));
  // The dropdown animates in; jsdom never finishes the transition, so the option counts as hidden.
  await userEvent.click(await screen.findByRole("option", { name: option, hidden: true }));
}

describe("the member directory", { timeout: 30_000 }, () => {
  it("lists public profiles only, in the chosen sort", async () => {
    renderWithProviders(<Directory pageSize={48} openAccount={vi.fn()} />, { route: "/community" });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await chooseOption("Sort members", "Username A-Z");
    await waitFor(() => expect(cards()).toEqual(["@alice_x", "@bob_x", "@carol_x"]));
    await chooseOption("Sort members", "Newest");
    await waitFor(() => expect(cards()).toEqual(["@bob_x", "@alice_x", "@carol_x"]));
  });

  it("loads the next page with Load More until there is none", async () => {
    renderWithProviders(<Directory pageSize={2} openAccount={vi.fn()} />, { route: "/community" });
    await chooseOption("Sort members", "Username A-Z");
    await waitFor(() => expect(cards()).toEqual(["@alice_x", "@bob_x"]));
    await userEvent.click(screen.getByRole("button", { name: "Load More" }));
    await waitFor(() => expect(cards()).toEqual(["@alice_x", "@bob_x", "@carol_x"]));
    expect(screen.queryByRole("button", { name: "Load More" })).toBeNull();
  });

  it("ignores a blank search and finds members by name", async () => {
    renderWithProviders(<Directory pageSize={48} openAccount={vi.fn()} />, { route: "/community" });
    await waitFor(() => expect(cards()).toHaveLength(3));
    const box = screen.getByRole("textbox", { name: "Search members" });
    await userEvent.type(box, "   {Enter}");
    expect(screen.queryByText(/Results for/)).toBeNull();
    expect(cards()).toHaveLength(3);
    await userEvent.clear(box);
    await userEvent.type(box, "ali{Enter}");
    await waitFor(() => expect(cards()).toEqual(["@alice_x"]));
    await userEvent.clear(box);
    await userEvent.type(box, "hidden{Enter}");
    expect(await screen.findByText("No members match “hidden”.")).toBeTruthy();
  });

  it("searches as you type once typing pauses, and at once with the Search button", async () => {
    renderWithProviders(<Directory pageSize={48} openAccount={vi.fn()} />, { route: "/community" });
    await waitFor(() => expect(cards()).toHaveLength(3));
    const box = screen.getByRole("textbox", { name: "Search members" });
    await userEvent.type(box, "car");
    expect(screen.queryByText(/Results for/)).toBeNull();
    expect(await screen.findByText("Results for “car”")).toBeTruthy();
    await waitFor(() => expect(cards()).toEqual(["@carol_x"]));

    await userEvent.clear(box);
    await userEvent.type(box, "bob");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByText("Results for “bob”")).toBeTruthy();
    await waitFor(() => expect(cards()).toEqual(["@bob_x"]));
  });

  it("tells signed-out visitors to sign in before opening a profile", async () => {
    const openAccount = vi.fn();
    renderWithProviders(<Directory pageSize={48} openAccount={openAccount} />, { route: "/community" });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(screen.getAllByRole("listitem")[0]!).getByRole("button", { name: "View Profile" }));
    expect(await screen.findByText("You must be signed in to view profiles and send messages.")).toBeTruthy();
    expect(openAccount).toHaveBeenCalledWith("login");
    expect(screen.queryByText("Profile page")).toBeNull();
  });

  it("opens the profile for a signed-in member", async () => {
    signIn(members.carol_x!);
    renderWithProviders(<Directory pageSize={48} openAccount={vi.fn()} />, { route: "/community" });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await userEvent.click(within(screen.getAllByRole("listitem")[0]!).getByRole("button", { name: "View Profile" }));
    expect(await screen.findByText("Profile page")).toBeTruthy();
  });
});

describe("bio editing", { timeout: 30_000 }, () => {
  it("goes view, editing, saving and back to view, cutting input at 500 characters", async () => {
    signIn(members.bob_x!);
    renderWithProviders(<BioEditor bio={null} />);
    expect(screen.getByText("No bio yet.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Add bio" }));
    const box = screen.getByRole("textbox", { name: "Bio" }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "b".repeat(600) } });
    expect(box.value).toHaveLength(500);
    expect(screen.getByText("500/500")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Bio" })).toBeNull());
    const me = await server.call<MeUser>("GET", "user/me", { token: members.bob_x!.access_token });
    expect(me.bio).toBe("b".repeat(500));
  });

  it("stays in editing with 'Failed to save bio. Please try again.' when saving fails", async () => {
    signIn(members.alice_x!);
    renderWithProviders(<BioEditor bio="Old bio" />);
    await userEvent.click(screen.getByRole("button", { name: "Edit bio" }));
    // A control character is refused by the server.
    fireEvent.change(screen.getByRole("textbox", { name: "Bio" }), { target: { value: "bell \u0007" } });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Failed to save bio. Please try again.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Bio" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByText("Old bio")).toBeTruthy();
  });
});

describe("the directory's sort and the Go to box", { timeout: 30_000 }, () => {
  it("sends sort_order with the sort: usernames A-Z, everything else highest or newest first", async () => {
    const calls = vi.spyOn(globalThis, "fetch");
    renderWithProviders(<Directory pageSize={48} openAccount={vi.fn()} />, { route: "/community" });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await chooseOption("Sort members", "Username A-Z");
    await waitFor(() => expect(cards()).toEqual(["@alice_x", "@bob_x", "@carol_x"]));
    const sent = calls.mock.calls.map(([url]) => new URL(String(url))).filter((url) => url.pathname.endsWith("/user/public/all"));
    calls.mockRestore();
    expect(sent.map((url) => [url.searchParams.get("sort_by"), url.searchParams.get("sort_order")])).toEqual([
      ["last_active", "desc"],
      ["username", "asc"],
    ]);
  });

  it("asks signed-out visitors to sign in from 'Go to @username' as from the grid", async () => {
    const openAccount = vi.fn();
    renderWithProviders(<Directory pageSize={48} openAccount={openAccount} />, { route: "/go" });
    await userEvent.type(screen.getByRole("textbox", { name: "Go to @username" }), "@alice_x{Enter}");
    expect((await screen.findAllByText("You must be signed in to view profiles and send messages.")).length).toBeGreaterThan(0);
    expect(openAccount).toHaveBeenCalledWith("login");
    expect(screen.queryByText("Profile page")).toBeNull();
  });
});
