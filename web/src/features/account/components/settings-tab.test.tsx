import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import type { MeUser, UserAuthResponse } from "@common/users";
import { setSessionTokens } from "../../../lib/storage";
import { startRealServer, type RealServer } from "../../../test/real-server";
import { advance, until } from "../../../test/frozen-timers";
import { renderWithProviders } from "../../../test/render";
import { meQuery } from "../api";
import { SettingsTab } from "./settings-tab";

function Harness() {
  const me = useQuery(meQuery(true));
  return me.data ? <SettingsTab me={me.data} /> : <p>Loading</p>;
}

const text = (value: string) => () => !!screen.queryByText(value);
const usernameBox = () => screen.getByRole("textbox", { name: "Username" });

let server: RealServer;
let member: UserAuthResponse;
beforeAll(async () => {
  server = await startRealServer();
  await server.register("taken_one");
}, 90_000);
afterAll(() => server.stop(), 20_000);
beforeEach(async () => {
  vi.stubEnv("VITE_API_URL", server.apiUrl);
  localStorage.clear();
  member = await server.register(`settings_${Math.random().toString(36).slice(2, 8)}`);
  setSessionTokens("user", member, member.user);
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const saved = () => server.call<MeUser>("GET", "user/me", { token: member.access_token });

describe("the Settings tab", { timeout: 30_000 }, () => {
  it("checks a username 500 ms after typing stops and never saves a taken one", async () => {
    renderWithProviders(<Harness />);
    await until(() => !!screen.queryByRole("textbox", { name: "Username" }));
    fireEvent.change(usernameBox(), { target: { value: "Taken_One" } });
    expect((usernameBox() as HTMLInputElement).value).toBe("taken_one");
    await advance(499);
    expect(screen.queryByText("Username is already taken")).toBeNull();
    await advance(1);
    await until(text("Username is already taken"));
    expect(screen.getByText("Please choose an available username")).toBeTruthy();
    await advance(2_000);
    expect((await saved()).username).toBe(member.user.username);
  });

  it("saves an available username 800 ms after the last change and shows 'Settings saved' for 4 s", async () => {
    renderWithProviders(<Harness />);
    await until(() => !!screen.queryByRole("textbox", { name: "Username" }));
    const wanted = `fresh_${member.user.username.slice(-6)}`;
    fireEvent.change(usernameBox(), { target: { value: wanted } });
    await advance(500);
    await until(text("Username is available"));
    await advance(799);
    expect((await saved()).username).toBe(member.user.username);
    await advance(1);
    await until(text("Settings saved"));
    expect((await saved()).username).toBe(wanted);
    await advance(3_900);
    expect(screen.getByText("Settings saved")).toBeTruthy();
    await advance(100);
    expect(screen.queryByText("Settings saved")).toBeNull();
  });

  it("saves the other settings on their own, once typing has paused", async () => {
    renderWithProviders(<Harness />);
    await until(() => !!screen.queryByRole("textbox", { name: "Location" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Location" }), { target: { value: "Acc" } });
    await advance(400);
    fireEvent.change(screen.getByRole("textbox", { name: "Location" }), { target: { value: "Accra, Ghana" } });
    fireEvent.click(screen.getByRole("switch", { name: /Public profile/ }));
    await advance(800);
    await until(text("Settings saved"));
    const me = await saved();
    expect(me.location).toBe("Accra, Ghana");
    expect(me.preferences.public_profile).toBe(false);
  });

  it("says 'Failed to check username availability' when the check cannot be made", async () => {
    renderWithProviders(<Harness />);
    await until(() => !!screen.queryByRole("textbox", { name: "Username" }));
    vi.stubEnv("VITE_API_URL", "http://127.0.0.1:9/api/v1/");
    fireEvent.change(usernameBox(), { target: { value: "someone_new" } });
    await advance(500);
    await until(text("Failed to check username availability"));
  });
});
