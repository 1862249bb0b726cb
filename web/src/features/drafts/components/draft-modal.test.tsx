import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DRAFT_MESSAGES, type Draft } from "@common/drafts";
import { MESSAGES } from "@common/messages";
import type { UserAuthResponse } from "@common/users";
import { setSessionTokens } from "../../../lib/storage";
import { startRealServer, type RealServer } from "../../../test/real-server";
import { renderWithProviders } from "../../../test/render";
import { AccountProvider } from "../../account";
import { DraftSubmissionButton } from "./draft-buttons";

let server: RealServer;
let member: UserAuthResponse;
beforeAll(async () => {
  server = await startRealServer();
  member = await server.register("draft_member");
}, 120_000);
afterAll(() => server.stop(), 20_000);
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", server.apiUrl);
  localStorage.clear();
  setSessionTokens("user", member, member.user);
});
afterEach(() => vi.unstubAllEnvs());

const savedOnServer = () => server.call<Draft>("GET", "drafts/me", { token: member.access_token });

describe("the draft modal", { timeout: 30_000 }, () => {
  it("saves what the member types to the account, says when it is complete, and sends nothing by itself", async () => {
    renderWithProviders(<DraftSubmissionButton />);
    await userEvent.click(screen.getByRole("button", { name: "Draft Submission" }));
    await userEvent.type(await screen.findByLabelText("Artist name"), "Night Owls");
    await userEvent.type(screen.getByLabelText("Track title"), "Low Light");
    expect(screen.getByText("Needs artist, title and a link or file")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send to queue" }).hasAttribute("disabled")).toBe(true);

    await userEvent.type(screen.getByLabelText("Song link"), "https://example.com/low-light");
    expect(screen.getByText("Ready to send")).toBeTruthy();
    await screen.findByText(DRAFT_MESSAGES.saved);
    await waitFor(async () => expect(await savedOnServer()).toMatchObject({ artist_name: "Night Owls", track_title: "Low Light", link: "https://example.com/low-light" }));
    expect(await server.call("GET", "queue-position/overview")).toMatchObject({ total_submissions: 0 });

    // Sending while the queue is closed keeps the draft and says why.
    await userEvent.click(screen.getByRole("button", { name: "Send to queue" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.queueClosed);
    expect((await savedOnServer()).artist_name).toBe("Night Owls");
  });

  it("opens the member's saved draft from the account on another device", async () => {
    renderWithProviders(<DraftSubmissionButton />);
    await userEvent.click(screen.getByRole("button", { name: "Draft Submission" }));
    expect(((await screen.findByLabelText("Artist name")) as HTMLInputElement).value).toBe("Night Owls");
    expect((screen.getByLabelText("Song link") as HTMLInputElement).value).toBe("https://example.com/low-light");
  });

  it("throws the draft away with Discard Draft, on the server and in this browser", async () => {
    renderWithProviders(<DraftSubmissionButton />);
    await userEvent.click(screen.getByRole("button", { name: "Draft Submission" }));
    const artist = (await screen.findByLabelText("Artist name")) as HTMLInputElement;
    expect(artist.value).toBe("Night Owls");
    await userEvent.type(artist, " and more");
    await userEvent.click(screen.getByRole("button", { name: "Discard Draft" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(savedOnServer()).rejects.toThrow(/answered 404/);
    expect(Object.keys(localStorage).filter((key) => key.includes("draft"))).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Draft Submission" }));
    expect(((await screen.findByLabelText("Artist name")) as HTMLInputElement).value).toBe("");
  });

  it("starts a new draft with the artist and channel the member set for Auto-Fill", async () => {
    const filler = await server.register("autofill_member");
    await server.call("PUT", "user/me", {
      token: filler.access_token,
      json: { default_artist_name: "Auto Artist", default_youtube_username: "AutoChannel", preferences: { auto_fill_artist: true } },
    });
    setSessionTokens("user", filler, filler.user);
    renderWithProviders(
      <AccountProvider renderCommunityHub={() => null}>
        <DraftSubmissionButton />
      </AccountProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Draft Submission" }));
    await waitFor(async () => expect(((await screen.findByLabelText("Artist name")) as HTMLInputElement).value).toBe("Auto Artist"));
    expect((screen.getByLabelText(/channel/i) as HTMLInputElement).value).toBe("AutoChannel");
    expect((screen.getByLabelText("Track title") as HTMLInputElement).value).toBe("");
  });
});
