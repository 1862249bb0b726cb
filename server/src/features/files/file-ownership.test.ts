import { describe, expect, it } from "vitest";
import type { PersonActor } from "../../lib/access";
import { mayAttach, uploaderIdOf } from "./file-ownership";

const person = (ids: { userId?: string; guestId?: string }): PersonActor => ({
  kind: "person",
  userId: ids.userId ?? null,
  guestId: ids.guestId ?? null,
  invalidGuestSecret: false,
});
const nobodyUses = { entries: [], draftOwners: [] };

describe("who may attach an uploaded file", () => {
  it("binds an upload to a member's account, else to a proven guest, else to nobody", () => {
    expect(uploaderIdOf(person({ userId: "m1", guestId: "g1" }))).toBe("m1");
    expect(uploaderIdOf(person({ guestId: "g1" }))).toBe("g1");
    expect(uploaderIdOf(person({}))).toBeNull();
    expect(uploaderIdOf({ kind: "admin", adminId: "a", username: "a", isActive: true, isSuperAdmin: false, sessionVersion: 0 })).toBeNull();
  });

  it("lets only the uploader use a bound file", () => {
    expect(mayAttach(person({ userId: "m1" }), { uploader_id: "m1" }, nobodyUses)).toBe(true);
    expect(mayAttach(person({ userId: "m2" }), { uploader_id: "m1" }, nobodyUses)).toBe(false);
    expect(mayAttach(person({}), { uploader_id: "m1" }, nobodyUses)).toBe(false);
  });

  it("lets anyone use an unbound file nobody uses yet, and only its submitter once an entry carries it", () => {
    expect(mayAttach(person({}), { uploader_id: null }, nobodyUses)).toBe(true);
    const carried = { entries: [{ user_id: "g1", owner_id: "m1" }], draftOwners: [] };
    expect(mayAttach(person({ guestId: "g1" }), { uploader_id: null }, carried)).toBe(true);
    expect(mayAttach(person({ userId: "m1" }), { uploader_id: null }, carried)).toBe(true);
    expect(mayAttach(person({ guestId: "g2" }), { uploader_id: null }, carried)).toBe(false);
  });

  it("keeps a file a member's draft carries for that member", () => {
    const drafted = { entries: [], draftOwners: ["m1"] };
    expect(mayAttach(person({ userId: "m1" }), { uploader_id: "m1" }, drafted)).toBe(true);
    expect(mayAttach(person({ userId: "m2" }), { uploader_id: null }, drafted)).toBe(false);
  });
});
