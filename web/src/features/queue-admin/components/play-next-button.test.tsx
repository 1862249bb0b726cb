import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TextInput } from "@mantine/core";
import { renderWithProviders } from "../../../test/render";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { PlayNextButton } from "./play-next-button";

/** A backend that records every call and answers Play next with nothing more to play. */
const { calls } = useFakeAdminApi(() => [200, { played: [], now_playing: null, skipped_count: 0 }]);

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
