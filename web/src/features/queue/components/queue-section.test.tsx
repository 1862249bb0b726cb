import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Queuer } from "@common/queue";
import { queuer } from "../../../test/queuer";
import { renderWithProviders } from "../../../test/render";
import { QueueSection } from "./queue-section";

const entry = (id: string, priority_level: Queuer["priority_level"]) => queuer(id, { priority_level });

describe("QueueSection", () => {
  it("shows the entries in the order the server sent them, numbered from 1", () => {
    // The server owns the queue order; a regular entry ahead of a VIP must stay ahead on the page.
    const entries = [entry("c", 0), entry("a", 2), entry("b", 0)];
    renderWithProviders(<QueueSection title="Waiting" entries={entries} loading={false} failed={false} emptyText="Nobody" isOwn={() => false} highlightedId={null} />);
    const section = screen.getByRole("region", { name: "Waiting" });
    const rows = [...section.querySelectorAll("[id^='entry-']")];
    expect(rows.map((row) => row.id)).toEqual(["entry-c", "entry-a", "entry-b"]);
    expect(rows.map((row) => within(row as HTMLElement).getByText(/^\d+$/).textContent)).toEqual(["1", "2", "3"]);
  });

  it("names the priority tier and, once opened, the file's scan as the back-office does", async () => {
    const vip = { ...entry("v", 2), file_key: "0123456789abcdef0123456789abcdef", file_status: "pending" as const };
    renderWithProviders(<QueueSection title="Waiting" entries={[vip]} loading={false} failed={false} emptyText="Nobody" isOwn={() => false} highlightedId={null} />);
    expect(screen.getByText("VIP")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Track v by Artist v" }));
    expect(screen.getByText("Scanning")).toBeTruthy();
  });
});
