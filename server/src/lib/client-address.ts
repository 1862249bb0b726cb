import net from "node:net";

/** Expands an IPv6 address to its eight 16-bit groups (an embedded IPv4 tail becomes two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0]!.toLowerCase();
  const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const parse = (part: string | null | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const first = parse(head);
  const last = parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The key a per-address limit counts a client under: the IPv4 address itself, or the /64 network of an
 * IPv6 address, because one subscriber is usually handed a whole /64 and can change addresses inside it
 * at will. An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) counts as that IPv4 address.
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return "unknown";
  if (net.isIPv4(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(address.split("%")[0]!)) return address;
  const network = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":");
  return `${network}::/64`;
}
