import net from "node:net";

/** Which hops in front of the app may say who the client is; `false` reads the client from the connection. */
export type TrustProxy = false | number | string[];

// proxy-addr's names for whole ranges: 127.0.0.0/8 and ::1, 169.254.0.0/16 and fe80::/10, 10/8 172.16/12 192.168/16 fc00::/7.
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrNetwork(entry: string): boolean {
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length > 0 || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  // A network wider than a /8 (IPv4) or /7 (IPv6, fc00::/7 is all private space) would trust far more than a proxy.
  const [widest, narrowest] = family === 4 ? [8, 32] : [7, 128];
  return Number(bits) >= widest && Number(bits) <= narrowest;
}

export interface ParsedTrustProxy {
  value: TrustProxy;
  /** Said once at start: the setting was read in a way its writer may not have meant. */
  warning: string | null;
}

/**
 * Reads TRUST_PROXY: `false`/`0`/empty (no proxy), a hop count (`1` for one nginx or Caddy), or a comma
 * list of the proxies' addresses, networks (CIDR) and range names. Trusting every hop is never possible:
 * the client could then name its own address in X-Forwarded-For and step around every limit. `true`,
 * which used to mean that, now means one hop, with a warning.
 */
export function parseTrustProxy(text: string): ParsedTrustProxy | { error: string } {
  const value = text.trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return { value: false, warning: null };
  if (value === "true") {
    return {
      value: 1,
      warning: "TRUST_PROXY=true is read as one proxy hop (TRUST_PROXY=1); set the number of proxies in front of the app, or their addresses, to silence this",
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? { value: hops, warning: null } : { error: "a hop count must be at most 10" };
  }
  const entries = value.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !RANGE_NAMES.has(entry) && !isAddressOrNetwork(entry));
  if (bad !== undefined) {
    return {
      error: `"${bad.slice(0, 60)}" is not a hop count, an IP address, a CIDR network or one of loopback, linklocal, uniquelocal (networks at least /8 for IPv4, /7 for IPv6)`,
    };
  }
  return { value: entries, warning: null };
}

/**
 * Fastify's `trustProxy` for a parsed TRUST_PROXY. A hop count becomes "trust the N nearest hops"
 * (Fastify itself reads a bare number as trusting nobody).
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}
