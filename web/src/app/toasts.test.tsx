import { describe, expect, it } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { toastSuccess } from "../components/toast";
import { renderWithProviders } from "../test/render";
import { Toasts } from "./providers";

/** Mantine's toast container: one root per corner, drawn once its code has loaded. */
const container = () => document.querySelector(".mantine-Notifications-root");

describe("the toast container", () => {
  it("is not loaded until the first toast is shown", async () => {
    renderWithProviders(<Toasts />);
    expect(container()).toBeNull();
    act(() => toastSuccess("Your song is in the queue."));
    await screen.findByText("Your song is in the queue.");
  });

  // As for a toast shown while the container's code is on the way: Mantine's store holds it until then.
  it("shows a toast given before it was mounted", async () => {
    act(() => toastSuccess("Signed in with Twitch."));
    renderWithProviders(<Toasts />);
    await screen.findByText("Signed in with Twitch.");
  });

  it("stays once its toasts are gone, so the last one slides out instead of vanishing", async () => {
    renderWithProviders(<Toasts />);
    act(() => toastSuccess("Your submission was updated."));
    await screen.findByText("Your submission was updated.");
    act(() => notifications.clean());
    await waitFor(() => expect(screen.queryByText("Your submission was updated.")).toBeNull());
    expect(container()).not.toBeNull();
  });
});
