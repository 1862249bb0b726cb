import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TWITCH_MESSAGES, type TwitchStatus } from "@common/twitch";
import { renderWithProviders } from "../../../test/render";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { TwitchConnection } from "./twitch-connection";

let status: TwitchStatus = {
  state: "stopped",
  reason: TWITCH_MESSAGES.missingScope("user:read:chat"),
  channel: { id: "1001", login: "streamer", display_name: "Streamer" },
  missing_scopes: ["user:read:chat"],
  request_reward_id: null,
  skip_reward_id: null,
};

const { calls } = useFakeAdminApi(({ method, path, body }) => {
  if (method === "GET" && path === "admin/twitch") return [200, status];
  if (method === "POST" && path === "admin/twitch/rewards") {
    status = { ...status, request_reward_id: "reward-1", skip_reward_id: JSON.parse(body).skip_cost ? "reward-2" : null };
    return [200, status];
  }
  return [404, { detail: "Not Found" }];
});

describe("the Twitch connection on the admin page", { timeout: 30_000 }, () => {
  it("shows why the connection stopped and creates the rewards at the host's costs", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Suspense fallback={null}>
        <TwitchConnection landed={null} />
      </Suspense>,
    );
    expect(await screen.findByText(TWITCH_MESSAGES.missingScope("user:read:chat"), {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText("Twitch connection state").textContent).toBe("Stopped");
    const skip = screen.getByLabelText("Skip the line (points, optional)");
    await user.type(skip, "2000");
    await user.click(screen.getByRole("button", { name: "Create rewards" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1));
    expect(JSON.parse(calls.find((call) => call.method === "POST")!.body)).toEqual({ request_cost: 500, skip_cost: 2000 });
    expect(await screen.findByText(/The Request a song reward is on your channel/)).toBeTruthy();
  });

  it("offers no Connect Twitch button on a server without a Twitch app, and says why", async () => {
    status = { state: "not_configured", reason: TWITCH_MESSAGES.notConfigured, channel: null, missing_scopes: [], request_reward_id: null, skip_reward_id: null };
    renderWithProviders(
      <Suspense fallback={null}>
        <TwitchConnection landed={null} />
      </Suspense>,
    );
    expect(await screen.findByText(TWITCH_MESSAGES.notConfigured, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/viewers are not offered Sign in with Twitch/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Connect/ })).toBeNull();
  });
});
