import { describe, expect, it } from "vitest";
import { createPasswordHasher } from "./passwords";

/** Stored by the code before the cost became a setting (scrypt, N = 2^15, r = 8, p = 1). */
const STORED_BEFORE_THE_SETTING = "scrypt$bGl2ZXF1ZXVlLWxlZ2FjeQ$4DS-6SXx2BxloZYuN_osb75XeebyFt_3wsUn8XThnrA";

describe("password hashes", () => {
  it("hashes at the default cost in the format stored before the cost was a setting, and still verifies those", async () => {
    const passwords = createPasswordHasher();
    const stored = await passwords.hash("correct horse battery");
    expect(stored).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(await passwords.verify("correct horse battery", stored)).toBe(true);
    expect(await passwords.verify("correct horse battery", STORED_BEFORE_THE_SETTING)).toBe(true);
    expect(await passwords.verify("correct horse batterY", STORED_BEFORE_THE_SETTING)).toBe(false);
  });

  it("names any other cost in the hash, so a hash verifies after the setting changes", async () => {
    const cheap = createPasswordHasher(10);
    const stored = await cheap.hash("correct horse battery");
    expect(stored).toMatch(/^scrypt:10\$/);
    expect(await createPasswordHasher(12).verify("correct horse battery", stored)).toBe(true);
    expect(await cheap.verify("correct horse battery", STORED_BEFORE_THE_SETTING)).toBe(true);
    expect(await cheap.verify("wrong", stored)).toBe(false);
  });

  it("refuses stored hashes it did not make, a cost out of range included, without trying them", async () => {
    const passwords = createPasswordHasher(10);
    const [, salt, hash] = (await passwords.hash("pw")).split("$");
    for (const stored of ["", "scrypt", "bcrypt$x$y", `scrypt:9$${salt}$${hash}`, `scrypt:40$${salt}$${hash}`, `scrypt:abc$${salt}$${hash}`, `scrypt:10$${salt}`]) {
      expect(await passwords.verify("pw", stored), stored).toBe(false);
    }
    expect(await passwords.verify("pw", `scrypt:10$${salt}$${hash}`)).toBe(true);
  });
});
