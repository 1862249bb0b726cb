import { beforeAll, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useQuery } from "@tanstack/react-query";
import type { Queuer } from "@common/queue";
import { queuer } from "../../../test/entry";
import { renderWithProviders } from "../../../test/render";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { adminListQuery } from "../api";
import { useState } from "react";
import { NO_FILTER, type EntryFilter } from "../entry-filter";
import { AdminQueueSection } from "./admin-queue-section";
import { QueueToolbar, useQueueView } from "./queue-toolbar";

const entry = (id: string, priority_level: Queuer["priority_level"]) => queuer(id, { priority_level });
const standing = { account_level: 1, streak_count: 1, revenue_source: null };

/** A small admin backend: the Waiting list answers `waiting` as given; every call is recorded. */
let waiting: Queuer[] = [];
const { calls } = useFakeAdminApi(({ path }) => [200, path === "queuer/queue/admin" ? waiting : { ok: true }]);

/** An option of the open dropdown, by its text (Mantine's options sit in a portal, outside the dialog). */
async function findOption(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = [...document.querySelectorAll<HTMLElement>("[role='option']")].find((option) => option.textContent === text);
    expect(found).toBeDefined();
  });
  return found!;
}

function WaitingList() {
  return <AdminQueueSection title="Waiting" query={useQuery(adminListQuery("waiting"))} emptyText="Nobody is waiting." />;
}

describe("AdminQueueSection", () => {
  it("shows the entries in the order the server sent them", async () => {
    // The server owns the queue order; the page must not move the VIP ahead of a regular entry.
    waiting = [entry("c", 0), entry("a", 2), entry("b", 0)];
    renderWithProviders(<WaitingList />);
    const section = await screen.findByRole("region", { name: "Waiting" });
    await within(section).findByLabelText("Track c by Artist c");
    const cards = within(section).getAllByLabelText(/^Track \w by /);
    expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual(["Track c by Artist c", "Track a by Artist a", "Track b by Artist b"]);
  });

  it("puts an entry on hold by sending only on_hold, so an owner's edit made meanwhile is kept", async () => {
    waiting = [entry("a", 0)];
    renderWithProviders(<WaitingList />);
    const card = await screen.findByLabelText("Track a by Artist a");
    await userEvent.click(within(card).getByRole("button", { name: "Hold" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    const hold = calls.find((call) => call.method === "PUT");
    expect(hold).toMatchObject({ path: "queuer/a/admin", authorization: "Bearer admin-token" });
    expect(JSON.parse(hold!.body)).toEqual({ on_hold: true });
  });

  it("sends the tier with its payment source and payment reference", { timeout: 20_000 }, async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const user = userEvent.setup({ delay: null });
    waiting = [entry("a", 0)];
    renderWithProviders(<WaitingList />);
    const card = await screen.findByLabelText("Track a by Artist a");
    await user.click(within(card).getByRole("button", { name: "Priority" }));
    const dialog = await screen.findByRole("dialog", { name: "Set priority" });
    await user.click(within(dialog).getByRole("combobox", { name: "Priority level" }));
    await user.click(await findOption("1 · Premium"));
    await user.click(within(dialog).getByRole("combobox", { name: "Payment source (optional)" }));
    await user.click(await findOption("Super Chat"));
    await user.type(within(dialog).getByLabelText(/Payment reference/), "  SC-2026-881  ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    const sent = calls.find((call) => call.method === "PUT")!;
    expect(sent.path).toBe("priority/user/a");
    expect(JSON.parse(sent.body)).toMatchObject({ priority_level: 1, payment_source: "superchat", payment_reference: "SC-2026-881" });
  });

  describe("the compact view", () => {
    /** The page's toolbar and the Waiting list, as Manage Queue wires them. */
    function FilteredWaiting() {
      const [view, setView] = useQueueView();
      const [filter, setFilter] = useState<EntryFilter>(NO_FILTER);
      return (
        <>
          <QueueToolbar view={view} onViewChange={setView} filter={filter} onFilterChange={setFilter} />
          <AdminQueueSection title="Waiting" query={useQuery(adminListQuery("waiting"))} emptyText="Nobody is waiting." view={view} filter={filter} />
        </>
      );
    }
    // The table sits in a scroll area: its rows are read from the DOM.
    const waitingSection = () => document.querySelector("section[aria-label='Waiting']")!;
    const rows = () => [...waitingSection().querySelectorAll("tbody tr")].map((row) => row.getAttribute("aria-label"));

    // jsdom draws nothing, so it has no scrolling; Mantine's option list scrolls the chosen one into view.
    beforeAll(() => {
      Element.prototype.scrollIntoView ??= () => {};
    });
    // Mantine's inputs make these renders slow in jsdom; the steps themselves are quick.
    const slow = { timeout: 20_000 };
    const field = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label='${label}']`)!;
    const choose = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
      await user.click(field(label));
      await user.click(await findOption(option));
    };

    it("shows one row per entry, remembers the view, and finds entries by artist, title or username", slow, async () => {
      const user = userEvent.setup({ delay: null });
      waiting = [
        { ...queuer("a", { artist_name: "Daft Punk", username: "robotfan" }), ...standing },
        { ...queuer("b", { track_title: "Track b", artist_name: "Björk", priority_level: 2 }), ...standing },
        { ...queuer("c", { username: "bandcamp", file_key: "k", file_status: "pending" }), ...standing },
      ];
      renderWithProviders(<FilteredWaiting />);
      await waitFor(() => expect(waitingSection().querySelectorAll("[aria-label='Track a by Daft Punk']")).toHaveLength(1));
      await user.click(screen.getByText("Compact"));
      expect(localStorage.getItem("admin_queue_view")).toBe('"compact"');
      expect(rows()).toEqual(["Track a by Daft Punk", "Track b by Björk", "Track c by Artist c"]);

      await user.type(field("Search artist, title or username"), "daft");
      await waitFor(() => expect(rows()).toEqual(["Track a by Daft Punk"]));
      await user.clear(field("Search artist, title or username"));
      await user.type(field("Search artist, title or username"), "BANDCAMP");
      await waitFor(() => expect(rows()).toEqual(["Track c by Artist c"]));
      await user.clear(field("Search artist, title or username"));
      await user.type(field("Search artist, title or username"), "nobody");
      expect(await screen.findByText("No entry here matches the search and filters.")).toBeTruthy();
      await user.click(screen.getByRole("button", { name: "Clear filters" }));
      await waitFor(() => expect(rows()).toHaveLength(3));
    });

    it("filters by tier and by scan status, keeping each entry's place in the queue", slow, async () => {
      const user = userEvent.setup({ delay: null });
      localStorage.setItem("admin_queue_view", '"compact"');
      waiting = [
        { ...queuer("a"), ...standing },
        { ...queuer("b", { priority_level: 2 }), ...standing },
        { ...queuer("c", { file_key: "k", file_status: "pending" }), ...standing },
      ];
      renderWithProviders(<FilteredWaiting />);
      await waitFor(() => expect(rows()).toHaveLength(3));
      await choose(user, "Priority tier", "VIP");
      await waitFor(() => expect(rows()).toEqual(["Track b by Artist b"]));
      expect(waitingSection().querySelector("tbody tr td")?.textContent).toBe("2");
      await choose(user, "Priority tier", "Any tier");
      await choose(user, "Scan status", "Scanning");
      await waitFor(() => expect(rows()).toEqual(["Track c by Artist c"]));
    });
  });
});
