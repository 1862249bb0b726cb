import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderWithProviders } from "../../test/render";
import { NoticeBell } from "./notice-bell";

describe("the header's bell", () => {
  it("is drawn in its place while the menu's code loads, so the sign-in button beside it does not move", async () => {
    const { container } = renderWithProviders(<NoticeBell />);
    // Not a button yet (nothing to open), but the bell, in the menu button's own box.
    expect(screen.queryByRole("button")).toBeNull();
    const placeholder = container.querySelector("svg")!.closest<HTMLElement>(".mantine-ActionIcon-root")!;
    expect(placeholder.getAttribute("aria-hidden")).toBe("true");

    const bell = await screen.findByRole("button", { name: "Notifications" });
    // The same button box: Mantine's ActionIcon of the same size and variant.
    expect(bell.className).toBe(placeholder.className);
    expect(bell.style.getPropertyValue("--ai-size")).toBe(placeholder.style.getPropertyValue("--ai-size"));
    expect(bell.style.getPropertyValue("--ai-bd")).toBe(placeholder.style.getPropertyValue("--ai-bd"));
  });
});
