import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { makeEntry } from "../../../test/entry";
import { OVERLAY_DEFAULTS, type OverlaySettings } from "../overlay-settings";
import { OverlayPanels } from "./overlay-panels";

const playing = makeEntry("np", { track_title: "Midnight Drive", artist_name: "Neon Coast", username: "nightowl", status: "active", message: "secret note" });
const waiting = ["a", "b", "c", "d", "e"].map((id) => makeEntry(id, { username: `fan_${id}`, message: `private note ${id}` }));

function show(settings: Partial<OverlaySettings>, view: "combined" | "now-playing" | "up-next" = "combined", active = [playing]) {
  return render(<OverlayPanels view={view} settings={{ ...OVERLAY_DEFAULTS, ...settings }} active={active} waiting={waiting} />);
}

describe("OverlayPanels", () => {
  it("shows the song playing and the next three, with who requested each", () => {
    show({});
    const now = screen.getByRole("region", { name: "Now playing" });
    expect(now.textContent).toContain("Midnight Drive");
    expect(now.textContent).toContain("by Neon Coast");
    expect(now.textContent).toContain("requested by @nightowl");
    const rows = within(screen.getByRole("region", { name: "Up next" })).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual(["1Track a by Artist a · @fan_a", "2Track b by Artist b · @fan_b", "3Track c by Artist c · @fan_c"]);
  });

  it("shows the song's picture and its title on the platform beside what was typed", () => {
    const details = {
      available: true,
      title: "Midnight Drive (Official Video)",
      channel: "NeonCoastVEVO",
      duration_seconds: 200,
      thumbnail_url: "https://i.ytimg.com/vi/x/mqdefault.jpg",
      embeddable: true,
      age_restricted: false,
    };
    const { container } = show({}, "now-playing", [{ ...playing, song_details: details }]);
    const now = screen.getByRole("region", { name: "Now playing" });
    expect(now.textContent).toContain("Midnight Drive");
    expect(now.textContent).toContain("Midnight Drive (Official Video) · NeonCoastVEVO");
    expect(container.querySelector("img")?.getAttribute("src")).toBe(details.thumbnail_url);
  });

  it("hides every submitter name with names off", () => {
    const { container } = show({ names: false, count: 5 });
    expect(container.textContent).not.toContain("@");
    expect(container.textContent).not.toContain("requested by");
    expect(within(screen.getByRole("region", { name: "Up next" })).getAllByRole("listitem")).toHaveLength(5);
  });

  it("never shows a note", () => {
    const { container } = show({ count: 10 });
    expect(container.textContent).not.toContain("note");
  });

  it("shows one part alone, in the chosen theme and size", () => {
    const { container } = show({ theme: "minimal", scale: 1.5 }, "now-playing");
    expect(screen.queryByRole("region", { name: "Up next" })).toBeNull();
    const root = container.firstElementChild as HTMLElement;
    expect(root.dataset.theme).toBe("minimal");
    expect(root.style.getPropertyValue("--overlay-scale")).toBe("1.5");
  });

  it("says so when nothing is playing and the queue is empty", () => {
    render(<OverlayPanels view="combined" settings={OVERLAY_DEFAULTS} active={[]} waiting={[]} />);
    expect(screen.getByRole("region", { name: "Now playing" }).textContent).toContain("Nothing playing yet");
    expect(screen.getByRole("region", { name: "Up next" }).textContent).toContain("The queue is empty");
  });
});
