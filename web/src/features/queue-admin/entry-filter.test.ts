import { describe, expect, it } from "vitest";
import { queuer } from "../../test/entry";
import { matchesFilter, NO_FILTER, pageOf, type EntryFilter } from "./entry-filter";

const entries = [
  queuer("a", { artist_name: "Daft Punk", track_title: "One More Time", username: "robotfan" }),
  queuer("b", { artist_name: "Björk", track_title: "Hyperballad", username: "iceland", priority_level: 2 }),
  queuer("c", { artist_name: "Local Band", track_title: "Demo", username: "bandcamp", file_key: "k1", file_status: "pending" }),
  queuer("d", { artist_name: "Local Band", track_title: "Live take", username: "bandcamp2", file_key: "k2", file_status: "clean", priority_level: 1 }),
  queuer("e", { artist_name: "Held Artist", track_title: "Later", username: "waiting_one", status: "on_hold", on_hold: true, file_key: "k3", file_status: "error" }),
];
const shown = (filter: Partial<EntryFilter>) => entries.filter((entry) => matchesFilter(entry, { ...NO_FILTER, ...filter })).map((entry) => entry.id);

describe("the compact view's search and filters", () => {
  it("shows everything with no filter", () => {
    expect(shown({})).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("searches artist, title and username without regard to case, every word", () => {
    expect(shown({ search: "daft" })).toEqual(["a"]);
    expect(shown({ search: "HYPER" })).toEqual(["b"]);
    expect(shown({ search: "bandcamp" })).toEqual(["c", "d"]);
    expect(shown({ search: "local live" })).toEqual(["d"]);
    expect(shown({ search: "   " })).toEqual(["a", "b", "c", "d", "e"]);
    expect(shown({ search: "nobody" })).toEqual([]);
  });

  it("filters by tier, by any paid tier, by scan status and by hold", () => {
    expect(shown({ priority: "2" })).toEqual(["b"]);
    expect(shown({ priority: "0" })).toEqual(["a", "c", "e"]);
    expect(shown({ priority: "any" })).toEqual(["b", "d"]);
    expect(shown({ scan: "link" })).toEqual(["a", "b"]);
    expect(shown({ scan: "pending" })).toEqual(["c"]);
    expect(shown({ scan: "clean" })).toEqual(["d"]);
    expect(shown({ scan: "error" })).toEqual(["e"]);
    expect(shown({ hold: "held" })).toEqual(["e"]);
    expect(shown({ hold: "not_held" })).toEqual(["a", "b", "c", "d"]);
  });

  it("combines the search with the filters", () => {
    expect(shown({ search: "band", priority: "any" })).toEqual(["d"]);
    expect(shown({ search: "band", scan: "pending", hold: "not_held" })).toEqual(["c"]);
  });

  it("pages a long list and keeps the page within range", () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(items, 1, 50)).toMatchObject({ page: 1, pages: 3, offset: 0 });
    expect(pageOf(items, 3, 50).items).toHaveLength(20);
    expect(pageOf(items, 9, 50)).toMatchObject({ page: 3, offset: 100 });
    expect(pageOf([], 2, 50)).toMatchObject({ page: 1, pages: 1, items: [] });
  });
});
