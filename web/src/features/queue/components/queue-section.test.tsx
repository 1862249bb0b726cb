import { describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Entry } from "@common/queue";
import { makeEntry } from "../../../test/entry";
import { renderWithProviders } from "../../../test/render";
import { QueueSection } from "./queue-section";

const entry = (id: string, priority_level: Entry["priority_level"]) => makeEntry(id, { priority_level });

function renderSection(entries: Entry[] | undefined, kind: "playing" | "waiting" | "on_hold" = "waiting", onOpenProfile?: (username: string) => void) {
  const title = { playing: "Now Playing", waiting: "Waiting", on_hold: "On Hold" }[kind];
  renderWithProviders(
    <QueueSection
      title={title}
      kind={kind}
      entries={entries}
      loading={!entries}
      failed={false}
      emptyText="Nobody"
      isOwn={() => false}
      highlightedId={null}
      onOpenProfile={onOpenProfile}
    />,
  );
  return screen.getByRole("region", { name: title });
}

const rowsOf = (section: HTMLElement) => [...section.querySelectorAll<HTMLElement>("[id^='entry-']:not([id^='entry-details'])")];

describe("QueueSection", () => {
  it("shows the waiting entries in the order the server sent them, numbered from 1", () => {
    // The server owns the queue order; a regular entry ahead of a VIP must stay ahead on the page.
    const section = renderSection([entry("c", 0), entry("a", 2), entry("b", 0)]);
    const rows = rowsOf(section);
    expect(rows.map((row) => row.id)).toEqual(["entry-c", "entry-a", "entry-b"]);
    expect(rows.map((row) => within(row).getByText(/^\d+$/).textContent)).toEqual(["1", "2", "3"]);
  });

  it("holds the place of the empty list's note while its list loads, so an empty list arrives without moving the page", () => {
    const loading = renderSection(undefined);
    // One line of the note's own box under a skeleton, and no words: the list is not known to be empty yet.
    const placeholder = loading.querySelector<HTMLElement>("[aria-hidden='true'] > p")!;
    expect(placeholder.textContent).toBe("\u00a0");
    expect(screen.queryByText("Nobody")).toBeNull();
    cleanup();

    const empty = renderSection([]);
    const note = within(empty).getByText("Nobody");
    expect(note.className).toBe(placeholder.className);
    expect(note.getAttribute("style")).toBe(placeholder.getAttribute("style"));
  });

  it("marks the song in Now Playing as playing, not as number 1", () => {
    const section = renderSection([makeEntry("p", { status: "active" })], "playing");
    const [row] = rowsOf(section);
    expect(within(row!).getByRole("img", { name: "Now playing" })).toBeTruthy();
    expect(within(row!).queryByText(/^\d+$/)).toBeNull();
  });

  it("gives on-hold entries no place number", () => {
    const section = renderSection([makeEntry("h", { status: "on_hold", on_hold: true })], "on_hold");
    expect(within(rowsOf(section)[0]!).queryByText(/^\d+$/)).toBeNull();
  });

  it("opens to the note, the link in a new tab, the submitted time and the payment, without repeating the row", async () => {
    const paid = makeEntry("n", {
      message: "Recorded live in one take",
      link: "https://www.youtube.com/watch?v=abcdefghijk",
      priority_level: 2,
      payment_source: "Ko-fi",
      submitted_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    renderSection([paid]);
    const toggle = screen.getByRole("button", { name: "Track n by Artist n" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");

    expect(screen.getByText("Recorded live in one take")).toBeTruthy();
    // jsdom runs no transitions, so the opened Collapse keeps its closed attributes: query by text.
    const link = screen.getByText("youtube.com/watch?v=abcdefghijk").closest("a")!;
    expect(link.getAttribute("href")).toBe("https://www.youtube.com/watch?v=abcdefghijk");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    const submitted = screen.getByText("5 minutes ago");
    expect(submitted.getAttribute("title")).toBe(new Date(paid.submitted_at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }));
    expect(screen.getByText("VIP · via Ko-fi")).toBeTruthy();
    // Artist and title are on the row already, once.
    expect(screen.getAllByText("Track n")).toHaveLength(1);
    expect(screen.getAllByText("Artist n")).toHaveLength(1);
  });

  it("hides the default 'Empty!' note", async () => {
    renderSection([makeEntry("e", { message: "Empty!" })]);
    await userEvent.click(screen.getByRole("button", { name: "Track e by Artist e" }));
    expect(screen.queryByText("Empty!")).toBeNull();
    expect(screen.queryByText(/Note/)).toBeNull();
  });

  it("shows an uploaded file's scan instead of its stored path: Scanning, then Scanned", async () => {
    const file = { file_key: "0123456789abcdef0123456789abcdef", link: "file:/uploads/0123456789abcdef0123456789abcdef" };
    renderSection([{ ...entry("v", 2), ...file, file_status: "pending" }, makeEntry("w", { ...file, file_status: "clean" })]);
    expect(screen.getByText("VIP")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Track v by Artist v" }));
    await userEvent.click(screen.getByRole("button", { name: "Track w by Artist w" }));
    expect(screen.getByText("Scanning")).toBeTruthy();
    expect(screen.getByText("Scanned")).toBeTruthy();
    expect(screen.queryByText(/uploads/)).toBeNull();
  });

  it("opens a member's profile from their name; a guest's name is plain text", async () => {
    const open = vi.fn();
    renderSection(
      [
        makeEntry("m", { owner_id: "acc_1", profile_username: "mira_live", username: "miralive", youtube_username: "MiraLive" }),
        makeEntry("g", { username: "someguest", youtube_username: "SomeGuest" }),
      ],
      "waiting",
      open,
    );
    await userEvent.click(screen.getByRole("button", { name: "@MiraLive" }));
    expect(open).toHaveBeenCalledWith("mira_live");
    expect(screen.getByText("@SomeGuest")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "@SomeGuest" })).toBeNull();
    // Opening the profile does not open or close the row.
    expect(screen.getByRole("button", { name: "Track m by Artist m" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("shows the channel name as typed, and a guest who gave none as 'Anonymous', a name rather than a handle", () => {
    renderSection([makeEntry("a", { username: "anonymous", youtube_username: "Anonymous" }), makeEntry("t", { username: "djtypedit", youtube_username: "DJTypedIt" })]);
    expect(screen.getByText("Anonymous")).toBeTruthy();
    expect(screen.queryByText("@anonymous")).toBeNull();
    expect(screen.queryByText("@Anonymous")).toBeNull();
    expect(screen.getByText("@DJTypedIt")).toBeTruthy();
  });

  it("names the Fast Pass a viewer's entry used, not its stored code", async () => {
    renderSection([makeEntry("f", { priority_level: 1, payment_source: "fast_pass" })]);
    await userEvent.click(screen.getByRole("button", { name: "Track f by Artist f" }));
    expect(screen.getByText("Premium · via Fast Pass")).toBeTruthy();
    expect(screen.queryByText(/fast_pass/)).toBeNull();
  });
});
