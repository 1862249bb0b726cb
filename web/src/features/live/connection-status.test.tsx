import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { renderWithProviders } from "../../test/render";
import { ConnectionStatus } from "./connection-status";
import { LiveProvider } from "./live-provider";

/** A socket whose server is unreachable: every connection fails with an error, then (a moment later, as in a browser) a 1006 close. */
class UnreachableSocket {
  static made = 0;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    UnreachableSocket.made += 1;
    setTimeout(() => this.onerror?.(), 10);
    setTimeout(() => {
      this.readyState = 3;
      this.onclose?.({ code: 1006 });
    }, 20);
  }
  send() {}
  close() {}
}

beforeEach(() => {
  vi.useFakeTimers();
  UnreachableSocket.made = 0;
  vi.stubGlobal("WebSocket", UnreachableSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const status = () => screen.getByRole("status");
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("the live badge", () => {
  it("says reconnecting while attempts remain, and offers Reconnect once they ran out", async () => {
    renderWithProviders(
      <LiveProvider url="ws://127.0.0.1:9/ws/public">
        <ConnectionStatus />
      </LiveProvider>,
    );
    for (const delay of [3000, 4500, 6750, 10125, 15187.5]) {
      // Between the socket's error and its close: still reconnecting, not offline.
      await wait(15);
      expect(status().textContent).toContain("Reconnecting…");
      expect(screen.queryByRole("button", { name: "Reconnect" })).toBeNull();
      await wait(5 + delay);
    }
    await wait(20);
    expect(UnreachableSocket.made).toBe(6);
    expect(status().textContent).toContain("Offline");
    fireEvent.click(screen.getByRole("button", { name: "Reconnect" }));
    expect(UnreachableSocket.made).toBe(7);
    expect(screen.queryByRole("button", { name: "Reconnect" })).toBeNull();
  });

  it("keeps the room of 'Connecting…', the word of a page's first moments, so the word after it starts where it did", () => {
    renderWithProviders(
      <LiveProvider url={null}>
        <ConnectionStatus />
      </LiveProvider>,
    );
    expect(status().textContent).toBe("Real-time updates: Offline");
    // Hidden in the status's own cell, it gives the status its width whatever the word.
    const room = screen.getByText("Connecting…").closest("[aria-hidden='true']");
    expect(room?.parentElement).toBe(status().parentElement);
  });
});
