import { describe, expect, it } from "vitest";
import { act } from "@testing-library/react";
import { announceSessionChanged } from "../../lib/session-events";
import { renderWithProviders } from "../../test/render";
import { queueKeys } from "./api";
import { useQueueSessionSync } from "./use-queue-session-sync";

function Sync() {
  useQueueSessionSync();
  return null;
}

describe("the queue after a sign-in or sign-out", () => {
  it("marks every cached queue list stale, and leaves other data alone", async () => {
    const { client, unmount } = renderWithProviders(<Sync />);
    client.setQueryData([...queueKeys.all, "list"], []);
    client.setQueryData(["account", "me"], { username: "mira" });
    await act(() => announceSessionChanged());
    expect(client.getQueryState([...queueKeys.all, "list"])?.isInvalidated).toBe(true);
    expect(client.getQueryState(["account", "me"])?.isInvalidated).toBe(false);
    unmount();
  });
});
