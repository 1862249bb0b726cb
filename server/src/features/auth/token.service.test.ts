import { afterEach, describe, expect, it, vi } from "vitest";
import { createFakeClock } from "../../test/fake-clock";
import { createTokenService } from "./token.service";

const options = { secret: "a-secret-of-the-test-with-enough-length", accessTtlSeconds: 900 };

describe("the token service", () => {
  afterEach(() => vi.restoreAllMocks());

  it("checks what it signed, of the kind it was signed for", async () => {
    const tokens = createTokenService({ ...options, clock: createFakeClock() });
    const token = await tokens.signAccess("admin-1", "admin", { sv: 3 });
    expect(await tokens.verifyAccess(token, "admin")).toMatchObject({ sub: "admin-1", kind: "admin", sv: 3 });
    expect(await tokens.verifyAccess(token, "user")).toBeNull();
  });

  it("refuses a token signed with another secret, changed, or expired", async () => {
    const clock = createFakeClock();
    const tokens = createTokenService({ ...options, clock });
    const forged = await createTokenService({ ...options, secret: "another-secret-of-the-same-length-xxxx", clock }).signAccess("admin-1", "admin");
    expect(await tokens.verifyAccess(forged, "admin")).toBeNull();

    const token = await tokens.signAccess("admin-1", "admin");
    const [header, payload, signature] = token.split(".");
    const changed = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), sub: "admin-2" })).toString("base64url");
    expect(await tokens.verifyAccess(`${header}.${changed}.${signature}`, "admin")).toBeNull();

    clock.advance(901_000);
    expect(await tokens.verifyAccess(token, "admin")).toBeNull();
  });

  it("imports its key once, however many tokens it signs and checks", async () => {
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    const tokens = createTokenService({ ...options, clock: createFakeClock() });
    for (let i = 0; i < 5; i += 1) {
      const token = await tokens.signAccess(`user-${i}`, "user");
      expect(await tokens.verifyAccess(token, "user")).not.toBeNull();
      expect(await tokens.verifyClaims(await tokens.signClaims({ n: i }, "upload", 60), "upload")).toMatchObject({ n: i });
    }
    expect(importKey).toHaveBeenCalledTimes(1);
  });
});
