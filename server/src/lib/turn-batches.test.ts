import { describe, expect, it } from "vitest";
import { turnBatches } from "./turn-batches";

/** A write that records each batch it is given and refuses the key "bad" (and any batch holding it). */
function recordingWrite() {
  const batches: string[][] = [];
  const write = async (keys: readonly string[]) => {
    batches.push([...keys]);
    if (keys.includes("bad")) throw new Error("refused: bad");
    return keys.map((key) => key.toUpperCase());
  };
  return { batches, write };
}

describe("turn batches", () => {
  it("give the calls of one turn one batch, each call its own answer, and a later turn a batch of its own", async () => {
    const { batches, write } = recordingWrite();
    const upper = turnBatches(write);
    expect(await Promise.all([upper("a"), upper("b"), upper("a")])).toEqual(["A", "B", "A"]);
    expect(await upper("c")).toBe("C");
    expect(batches).toEqual([["a", "b", "a"], ["c"]]);
  });

  it("try a write that failed as a whole one call at a time, so only the call that cannot be written fails", async () => {
    const { batches, write } = recordingWrite();
    const upper = turnBatches(write, { eachAloneOnFailure: true });
    const answers = await Promise.allSettled([upper("a"), upper("bad"), upper("b")]);
    expect(answers).toEqual([
      { status: "fulfilled", value: "A" },
      { status: "rejected", reason: new Error("refused: bad") },
      { status: "fulfilled", value: "B" },
    ]);
    expect(batches).toEqual([["a", "bad", "b"], ["a"], ["bad"], ["b"]]);
  });

  it("fail every call of a failed read together, without asking again", async () => {
    const { batches, write } = recordingWrite();
    const upper = turnBatches(write);
    const answers = await Promise.allSettled([upper("a"), upper("bad")]);
    expect(answers.map((answer) => answer.status)).toEqual(["rejected", "rejected"]);
    expect(batches).toHaveLength(1);
  });
});
