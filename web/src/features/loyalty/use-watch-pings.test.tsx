import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "@testing-library/react";
import { clearUserSession, setSessionTokens } from "../../lib/storage";
import { advance } from "../../test/frozen-timers";
import { renderWithProviders } from "../../test/render";
import { useWatchPings } from "./use-watch-pings";

let visibility: DocumentVisibilityState = "visible";
const pings: unknown[] = [];

function Pinger({ videoId, playing }: { videoId: string | null; playing: boolean }) {
  useWatchPings(videoId, playing);
  return null;
}

const setVisibility = (state: DocumentVisibilityState) =>
  act(() => {
    visibility = state;
    document.dispatchEvent(new Event("visibilitychange"));
  });

beforeEach(() => {
  visibility = "visible";
  pings.length = 0;
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL | string, init?: RequestInit) => {
      if (String(url).endsWith("loyalty/watch-ping")) pings.push(JSON.parse(String(init?.body)));
      const body = { accepted: true, reason: null, watched_minutes: 1, minutes_to_next_token: 59, token_granted: false };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  setSessionTokens("user", { access_token: "member-token", refresh_token: "refresh" }, { user_id: "m1", username: "mira", display_name: "Mira", email: null, bio: null });
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearUserSession();
});

describe("watch pings on /live", () => {
  it("pings 5 s after the video plays, then every 60 s, with the stream's video id", async () => {
    renderWithProviders(<Pinger videoId="dQw4w9WgXcQ" playing />);
    await advance(4_999);
    expect(pings).toHaveLength(0);
    await advance(1);
    expect(pings).toEqual([{ videoId: "dQw4w9WgXcQ" }]);
    await advance(59_999);
    expect(pings).toHaveLength(1);
    await advance(1);
    expect(pings).toHaveLength(2);
    await advance(120_000);
    expect(pings).toHaveLength(4);
  });

  it("stops while the tab is hidden and starts again 5 s after it is visible", async () => {
    renderWithProviders(<Pinger videoId="dQw4w9WgXcQ" playing />);
    await advance(5_000);
    expect(pings).toHaveLength(1);
    await setVisibility("hidden");
    await advance(600_000);
    expect(pings).toHaveLength(1);
    await setVisibility("visible");
    await advance(5_000);
    expect(pings).toHaveLength(2);
  });

  it("sends nothing while the video is paused, without a video, or for a guest", async () => {
    const view = renderWithProviders(<Pinger videoId="dQw4w9WgXcQ" playing={false} />);
    await advance(120_000);
    view.rerender(<Pinger videoId={null} playing />);
    await advance(120_000);
    view.unmount();
    clearUserSession();
    renderWithProviders(<Pinger videoId="dQw4w9WgXcQ" playing />);
    await advance(120_000);
    expect(pings).toHaveLength(0);
  });
});
