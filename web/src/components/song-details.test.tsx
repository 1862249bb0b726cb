import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import type { SongDetails } from "@common/song-details";
import { renderWithProviders } from "../test/render";
import { SongDetailsLine, SongThumbnail } from "./song-details";

const found: SongDetails = {
  available: true,
  title: "Never Gonna Give You Up",
  channel: "Rick Astley",
  duration_seconds: 213,
  thumbnail_url: "https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg",
  embeddable: true,
  age_restricted: false,
};

describe("song details", () => {
  it("shows the platform's title, channel and length on one line", () => {
    renderWithProviders(<SongDetailsLine details={found} platform="youtube" />);
    expect(screen.getByText("On YouTube: Never Gonna Give You Up · Rick Astley · 3:33")).toBeTruthy();
  });

  it("says when the link finds no song, and shows nothing before the details arrive", () => {
    const { container } = renderWithProviders(<SongDetailsLine platform="spotify" />);
    expect(container.querySelector("[data-song-details]")).toBeNull();
    renderWithProviders(<SongDetailsLine details={{ ...found, available: false, title: null }} platform="spotify" />);
    expect(screen.getByText("Not found on Spotify")).toBeTruthy();
  });

  it("tells the host about an age-restricted video that may not be embedded", () => {
    renderWithProviders(<SongDetailsLine details={{ ...found, age_restricted: true, embeddable: false }} platform="youtube" withFlags />);
    expect(screen.getByText("Age-restricted")).toBeTruthy();
    expect(screen.getByText("No embedding")).toBeTruthy();
  });

  it("shows the thumbnail as a decorative picture, and drops it when it fails to load", () => {
    const { container } = renderWithProviders(<SongThumbnail details={found} />);
    const picture = container.querySelector("img")!;
    expect(picture.getAttribute("src")).toBe(found.thumbnail_url);
    expect(picture.getAttribute("alt")).toBe("");
    expect(picture.getAttribute("referrerpolicy")).toBe("no-referrer");
    fireEvent.error(picture);
    expect(container.querySelector("img")).toBeNull();
  });

  it("shows no picture for a song without one", () => {
    const { container } = renderWithProviders(<SongThumbnail details={{ ...found, thumbnail_url: null }} />);
    expect(container.querySelector("img")).toBeNull();
  });
});
