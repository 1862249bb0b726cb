import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../../../test/render";
import { TwitchSignInButton } from "./twitch-sign-in-button";

describe("Sign in with Twitch", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the browser to the server's Twitch start with this page to come back to and the tab's proof", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    renderWithProviders(<TwitchSignInButton />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign in with Twitch" }));
    const target = new URL(assign.mock.calls[0]![0] as string);
    expect(target.pathname).toMatch(/\/auth\/twitch\/start$/);
    expect(target.searchParams.get("redirect_to")).toBe("/");
    expect(target.searchParams.get("client_state")).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
  });
});
