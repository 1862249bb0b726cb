import { describe, expect, it, vi } from "vitest";
import { announceSessionChanged, onSessionChanged } from "./session-events";

describe("the session change signal", () => {
  it("calls every listener and waits for the slow ones", async () => {
    const calls: string[] = [];
    const stopFast = onSessionChanged(() => calls.push("fast"));
    const stopSlow = onSessionChanged(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      calls.push("slow");
    });
    await announceSessionChanged();
    expect(calls.sort()).toEqual(["fast", "slow"]);
    stopFast();
    stopSlow();
  });

  it("stops calling a listener once it unsubscribes", async () => {
    const listener = vi.fn();
    const stop = onSessionChanged(listener);
    stop();
    await announceSessionChanged();
    expect(listener).not.toHaveBeenCalled();
  });
});
