import { describe, expect, it } from "vitest";
import { createKeyedTurns } from "./keyed-turns";

/** A piece of work that records when it starts and ends, and ends when told. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    work: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
      return name;
    },
    open: () => open(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("keyed turns", () => {
  it("runs different keys side by side and one key's work in the order given", async () => {
    const turns = createKeyedTurns(10);
    const log: string[] = [];
    const a1 = gate(log, "a1");
    const a2 = gate(log, "a2");
    const b1 = gate(log, "b1");
    const results = [turns.run("a", a1.work), turns.run("a", a2.work), turns.run("b", b1.work)];
    await settle();
    expect(log).toEqual(["start a1", "start b1"]);
    b1.open();
    await settle();
    expect(log).toEqual(["start a1", "start b1", "end b1"]);
    a1.open();
    await settle();
    expect(log).toEqual(["start a1", "start b1", "end b1", "end a1", "start a2"]);
    a2.open();
    expect(await Promise.all(results)).toEqual(["a1", "a2", "b1"]);
  });

  it("runs at most `limit` at a time, the waiting ones in the order they came", async () => {
    const turns = createKeyedTurns(2);
    const log: string[] = [];
    const gates = ["x", "y", "z", "w"].map((name) => gate(log, name));
    const results = gates.map((g, index) => turns.run(`key${index}`, g.work));
    await settle();
    expect(log).toEqual(["start x", "start y"]);
    gates[1]!.open();
    await settle();
    expect(log).toEqual(["start x", "start y", "end y", "start z"]);
    for (const g of gates) g.open();
    await Promise.all(results);
    expect(log.filter((line) => line.startsWith("start"))).toEqual(["start x", "start y", "start z", "start w"]);
  });

  it("goes on with a key's next work after one fails, and gives the failure to its caller", async () => {
    const turns = createKeyedTurns(4);
    const failed = turns.run("a", () => Promise.reject(new Error("database down")));
    const next = turns.run("a", async () => "next");
    await expect(failed).rejects.toThrow("database down");
    expect(await next).toBe("next");
  });
});
