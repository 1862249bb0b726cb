import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderWithProviders } from "../test/render";
import { AccountSlotProvider } from "./account-slot";
import { SiteHeader } from "./site-header";

function renderAt(route: string) {
  const slot = { NavButton: () => <button type="button">Sign in</button>, openAccount: () => {} };
  return renderWithProviders(
    <AccountSlotProvider value={slot}>
      <SiteHeader />
    </AccountSlotProvider>,
    { route },
  );
}

describe("the public header", () => {
  it("links the brand home and lists Queue, Live and Community, marking the page shown", () => {
    renderAt("/live");
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "LiveQueue" }).getAttribute("href")).toBe("/");
    const nav = within(header).getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("aria-current")])).toEqual([
      ["Queue", "/queue", null],
      ["Live", "/live", "page"],
      ["Community", "/community", null],
    ]);
    expect(within(header).getByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("keeps Community marked on a member's profile, and marks nothing on the home page", () => {
    renderAt("/community/mira");
    expect(screen.getByRole("link", { name: "Community" }).getAttribute("aria-current")).toBe("page");
    renderAt("/");
    const [, home] = screen.getAllByRole("navigation", { name: "Main" });
    expect(
      within(home!)
        .getAllByRole("link")
        .some((link) => link.hasAttribute("aria-current")),
    ).toBe(false);
  });
});
