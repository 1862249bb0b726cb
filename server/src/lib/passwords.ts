import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * log2 of scrypt's N. The default costs about 50-170 ms and 32 MB a hash on the machines here: slow
 * enough against guessing, fast enough for a login.
 */
export const PASSWORD_HASH_COSTS = { min: 10, max: 17, default: 15 } as const;
const DEFAULT_PASSWORD_HASH_COST: number = PASSWORD_HASH_COSTS.default;
const R = 8;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  const N = 2 ** cost;
  // scrypt needs 128 * N * r bytes; twice that leaves room for its own bookkeeping.
  const params = { N, r: R, p: 1, maxmem: 256 * N * R };
  return new Promise((resolve, reject) => scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, params, (error, key) => (error ? reject(error) : resolve(key))));
}

/**
 * The scheme names the cost: `scrypt` is the default (every hash stored before the cost became a
 * setting), `scrypt:<cost>` any other, so a hash verifies whatever PASSWORD_HASH_COST says today.
 */
const schemeOf = (cost: number) => (cost === DEFAULT_PASSWORD_HASH_COST ? "scrypt" : `scrypt:${cost}`);

function costOf(scheme: string): number | null {
  if (scheme === "scrypt") return DEFAULT_PASSWORD_HASH_COST;
  const cost = Number(/^scrypt:(\d{1,2})$/.exec(scheme)?.[1]);
  return cost >= PASSWORD_HASH_COSTS.min && cost <= PASSWORD_HASH_COSTS.max ? cost : null;
}

/** Salted scrypt hashes at `cost` (log2 of N), stored as `<scheme>$<salt>$<hash>` (base64url). */
export function createPasswordHasher(cost: number = DEFAULT_PASSWORD_HASH_COST) {
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16);
      const key = await derive(password, salt, cost);
      return `${schemeOf(cost)}$${salt.toString("base64url")}$${key.toString("base64url")}`;
    },

    async verify(password: string, stored: string): Promise<boolean> {
      const [scheme, salt, hash] = stored.split("$");
      const storedCost = scheme ? costOf(scheme) : null;
      if (storedCost === null || !salt || !hash) return false;
      const expected = Buffer.from(hash, "base64url");
      const actual = await derive(password, Buffer.from(salt, "base64url"), storedCost);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
