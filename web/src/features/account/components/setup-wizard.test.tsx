import { useState } from "react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MeUser, UserAuthResponse } from "@common/users";
import { setSessionTokens } from "../../../lib/storage";
import { startRealServer, type RealServer } from "../../../test/real-server";
import { renderWithProviders } from "../../../test/render";
import { SetupWizard, type SetupStep } from "./setup-wizard";

let server: RealServer;
let member: UserAuthResponse;
beforeAll(async () => {
  server = await startRealServer();
  await server.register("already_here");
  member = await server.register("new_member", { display_name: "New Member" });
}, 90_000);
afterAll(() => server.stop(), 20_000);
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", server.apiUrl);
  localStorage.clear();
  setSessionTokens("user", member, member.user);
});
afterEach(() => vi.unstubAllEnvs());

function Harness({ onFinish }: { onFinish: () => void }) {
  const [step, setStep] = useState<SetupStep>("welcome");
  return (
    <SetupWizard
      step={step}
      onStep={setStep}
      onFinish={() => {
        setStep("idle");
        onFinish();
      }}
    />
  );
}

describe("the setup wizard", { timeout: 30_000 }, () => {
  it("walks a new member through welcome, username, auto-fill and done, saving as it goes", async () => {
    const onFinish = vi.fn();
    renderWithProviders(<Harness onFinish={onFinish} />);
    expect(await screen.findByText("Welcome, New Member!")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Get started" }));

    const username = screen.getByRole("textbox", { name: "Username" });
    fireEvent.change(username, { target: { value: "already_here" } });
    expect(await screen.findByText("Username is already taken")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Please choose an available username")).toBeTruthy();

    fireEvent.change(username, { target: { value: "new_name_here" } });
    expect(await screen.findByText("Username is available")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));

    fireEvent.change(await screen.findByRole("textbox", { name: "Default artist name" }), { target: { value: "Newcomer" } });
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("You're all set!")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Finish" }));
    expect(onFinish).toHaveBeenCalled();

    const me = await server.call<MeUser>("GET", "user/me", { token: member.access_token });
    expect(me).toMatchObject({ username: "new_name_here", default_artist_name: "Newcomer" });
  });

  it("can be skipped from the first step", async () => {
    const onFinish = vi.fn();
    renderWithProviders(<Harness onFinish={onFinish} />);
    await userEvent.click(await screen.findByRole("button", { name: "Skip setup" }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
  });
});
