import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { STORAGE_KEYS } from "@common/auth";
import type { PublicConfig } from "@common/files";
import { SETTING_DEFAULTS } from "@common/settings";
import { Footer } from "../../../components/footer";
import { SocialLinksRow } from "../../../components/social-links-row";
import { renderWithProviders } from "../../../test/render";
import { serveOpenQueue, type RealServer } from "../../../test/real-server";
import { SiteForm } from "./site-form";

let server: RealServer;
serveOpenQueue((started) => (server = started));

/** The form beside what every visitor sees of the site, all reading the real server. */
async function renderSettings() {
  localStorage.setItem(STORAGE_KEYS.adminAccessToken, await server.adminToken());
  return renderWithProviders(
    <>
      <SiteForm values={{ ...SETTING_DEFAULTS }} />
      <SocialLinksRow />
      <Footer />
    </>,
  );
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const footer = () => within(screen.getByRole("contentinfo"));

describe("the host's site on the Settings page", () => {
  it("shows no placeholder channels and no made-up contact address before the host sets them", async () => {
    await renderSettings();
    expect(await footer().findByText("© 2025 LiveQueue. All rights reserved.")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Social links" })).toBeNull();
    expect(footer().queryByRole("link", { name: "Contact" })).toBeNull();
  });

  it("saves what the host types and every visitor's footer follows, while a bad field says why", async () => {
    await renderSettings();
    type("Site name", "Nightshift Radio");
    type("Contact e-mail", "host@nightshift.example");
    type("Social links", "YouTube https://www.youtube.com/@nightshift\nTwitch twitch.tv/nightshift");
    fireEvent.click(screen.getByRole("button", { name: "Save site" }));

    expect(await screen.findByText("Social link 2: write a label, a space, then an http:// or https:// link")).toBeTruthy();
    expect(await footer().findByText("© 2025 Nightshift Radio. All rights reserved.")).toBeTruthy();
    expect(footer().getByRole("link", { name: "Contact" }).getAttribute("href")).toBe("mailto:host@nightshift.example");
    expect(screen.queryByRole("navigation", { name: "Social links" })).toBeNull();
  });

  it("shows the host's channels to every visitor once saved", async () => {
    await renderSettings();
    type("Social links", "YouTube https://www.youtube.com/@nightshift\nTwitch https://twitch.tv/nightshift");
    fireEvent.click(screen.getByRole("button", { name: "Save site" }));
    const links = await screen.findByRole("navigation", { name: "Social links" });
    expect(
      within(links)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["YouTube", "https://www.youtube.com/@nightshift"],
      ["Twitch", "https://twitch.tv/nightshift"],
    ]);
  });

  it("refuses a colour that is not #rrggbb and saves the host's colour and time zone", async () => {
    await renderSettings();
    type("Accent colour", "#12");
    fireEvent.click(screen.getByRole("button", { name: "Save site" }));
    expect(await screen.findByText("Accent colour must be a hex colour like #7048e8")).toBeTruthy();

    type("Accent colour", "#1C7ED6");
    fireEvent.click(screen.getByRole("button", { name: "Save site" }));
    await waitFor(() => expect(screen.queryByText("Accent colour must be a hex colour like #7048e8")).toBeNull());
    const config = await server.call<PublicConfig>("GET", "public-config");
    expect(config.site).toMatchObject({ accent_color: "#1c7ed6", time_zone: "America/New_York" });
  });
});
