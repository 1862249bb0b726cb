import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyListChanges, changeSize, diffList } from "./list-delta";

type Entry = { id: string; title: string };
const entry = (id: string, title = `song ${id}`): Entry => ({ id, title });
const list = (...ids: string[]) => ids.map((id) => entry(id));

describe("the change between two versions of a list", () => {
  it("names one added entry at the end, nothing else", () => {
    const changes = diffList(list("a", "b"), list("a", "b", "c"));
    expect(changes).toEqual({ added: [{ index: 2, entry: entry("c") }], removed: [], moved: [] });
  });

  it("names a removed entry by id only", () => {
    expect(diffList(list("a", "b", "c"), list("a", "c"))).toEqual({ added: [], removed: ["b"], moved: [] });
  });

  it("names one move when a priority entry jumps to the front", () => {
    expect(diffList(list("a", "b", "c", "d"), list("d", "a", "b", "c"))).toEqual({ added: [], removed: [], moved: [{ id: "d", index: 0 }] });
  });

  it("sends an edited entry whole, in its place", () => {
    const changes = diffList(list("a", "b"), [entry("a"), entry("b", "renamed")]);
    expect(changes).toEqual({ added: [{ index: 1, entry: entry("b", "renamed") }], removed: [], moved: [] });
    expect(changeSize(changes)).toBe(1);
  });

  it("applied to the old list gives exactly the new one, whatever happened in between", () => {
    const ids = fc.uniqueArray(fc.constantFrom(..."abcdefghijklmnop"), { maxLength: 16 });
    const version = ids.chain((chosen) => fc.tuple(fc.constant(chosen), fc.array(fc.boolean(), { minLength: chosen.length, maxLength: chosen.length })));
    fc.assert(
      fc.property(version, version, ([beforeIds], [afterIds, edited]) => {
        const before = list(...beforeIds);
        const after = afterIds.map((id, i) => entry(id, edited[i] ? `edited ${id}` : `song ${id}`));
        const changes = diffList(before, after);
        expect(applyListChanges(before, changes, after.length)).toEqual(after);
      }),
    );
  });

  it("refuses changes that do not fit the list held, so the client refetches instead of showing a wrong list", () => {
    const changes = diffList(list("a", "b"), list("a", "b", "c"));
    expect(applyListChanges(list("a", "b", "x"), changes, 3)).toBeNull();
    expect(applyListChanges(list("a"), { added: [], removed: [], moved: [{ id: "b", index: 0 }] }, 1)).toBeNull();
    expect(applyListChanges(list("a", "b"), { added: [{ index: 5, entry: entry("c") }], removed: [], moved: [] }, 3)).toBeNull();
  });
});
