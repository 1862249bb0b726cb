import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { YOUTUBE_CHAT_MESSAGES, type YoutubeChatStatus } from "@common/youtube-chat";
import { renderWithProviders } from "../../../test/render";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { YoutubeChatConnection } from "./youtube-chat-connection";

let status: YoutubeChatStatus = { state: "stopped", reason: YOUTUBE_CHAT_MESSAGES.tokenRevoked, channel: { id: "UCstreamer", title: "Streamer" } };

const { calls } = useFakeAdminApi(({ method, path }) => {
  if (method === "GET" && path === "admin/youtube-chat") return [200, status];
  if (method === "DELETE" && path === "admin/youtube-chat") {
    status = { state: "not_connected", reason: null, channel: null };
    return [204, null];
  }
  return [404, { detail: "Not Found" }];
});

describe("the YouTube chat connection on the admin page", { timeout: 30_000 }, () => {
  it("shows why reading stopped, and forgets the channel on Disconnect", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Suspense fallback={null}>
        <YoutubeChatConnection landed={null} landedError={null} />
      </Suspense>,
    );
    expect(await screen.findByText(YOUTUBE_CHAT_MESSAGES.tokenRevoked, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText("YouTube chat connection state").textContent).toBe("Stopped");
    expect(screen.getByRole("button", { name: "Connect again" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Disconnect" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Connect YouTube" })).toBeTruthy();
    expect(screen.getByLabelText("YouTube chat connection state").textContent).toBe("Not connected");
  });
});
