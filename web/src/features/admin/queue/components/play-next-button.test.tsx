import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TextInput } from "@mantine/core";
import { STORAGE_KEYS } from "@common/auth";
import { renderWithProviders } from "../../../../test/render";
import { PlayNextButton } from "./play-next-button";

/** A backend that records every call and answers Play next with nothing more to play. */
const calls: { method: string; path: string; body: string }[] = [];
let server: http.Server;
let apiUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      calls.push({ method: req.method ?? "", path: (req.url ?? "").replace("/api/v1/", ""), body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ played: [], now_playing: null, skipped_count: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", apiUrl);
  localStorage.setItem(STORAGE_KEYS.adminAccessToken, "admin-token");
  calls.length = 0;
});
afterEach(() => {
  vi.unstubAllEnvs();
  localStorage.clear();
});

const playNextCalls = () => calls.filter((call) => call.path === "active-queuer/play-next");

describe("Play next", () => {
  it("plays the next song on N, sending the song Now Playing as the page shows it", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlayNextButton currentId="entry-1" enabled />);
    expect(screen.getByRole("button", { name: /Play next/ }).getAttribute("aria-keyshortcuts")).toBe("N");
    await user.keyboard("n");
    await waitFor(() => expect(playNextCalls()).toHaveLength(1));
    expect(JSON.parse(playNextCalls()[0]!.body)).toEqual({ current_id: "entry-1" });
  });

  it("plays from the button too, and from nothing playing", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlayNextButton currentId={null} enabled />);
    await user.click(screen.getByRole("button", { name: /Play next/ }));
    await waitFor(() => expect(playNextCalls()).toHaveLength(1));
    expect(JSON.parse(playNextCalls()[0]!.body)).toEqual({ current_id: null });
  });

  it("leaves N alone while the host types in a field, and when nothing can play", async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(
      <>
        <TextInput aria-label="Search" />
        <PlayNextButton currentId="entry-1" enabled />
      </>,
    );
    await user.type(screen.getByLabelText("Search"), "nnn");
    expect((screen.getByLabelText("Search") as HTMLInputElement).value).toBe("nnn");
    unmount();

    renderWithProviders(<PlayNextButton currentId={null} enabled={false} />);
    expect((screen.getByRole("button", { name: /Play next/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard("n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(playNextCalls()).toEqual([]);
  });
});
