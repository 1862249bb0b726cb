import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { renderWithProviders } from "../../test/render";
import { NoticeBell } from "./notice-bell";
import { noticeStore } from "./notice-store";

beforeEach(() => {
  localStorage.clear();
  noticeStore.reset();
});
afterEach(cleanup);

const announcement = { id: "a1", kind: "system", title: null, message: "Stream starts in 5 minutes", tone: "info", at: "2026-06-01T17:00:00Z" } as const;

describe("the header's bell", () => {
  it("is a button with the unread count from the first moment, before the menu's code is in", () => {
    noticeStore.add(announcement);
    renderWithProviders(<NoticeBell />);
    expect(screen.getByRole("button", { name: "Notifications, 1 unread" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens the menu when pressed, once its code has loaded, and marks what it shows read", async () => {
    noticeStore.add(announcement);
    renderWithProviders(<NoticeBell />);
    fireEvent.click(screen.getByRole("button", { name: "Notifications, 1 unread" }));
    const menu = await screen.findByRole("dialog", { name: "Notifications" });
    expect(within(menu).getByText("Stream starts in 5 minutes")).toBeTruthy();
    expect(within(menu).getByText("New")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
  });
});
