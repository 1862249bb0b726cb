import { describe, expect, it } from "vitest";
import { clientAddressKey } from "./client-address";

describe("clientAddressKey", () => {
  it("counts an IPv4 client by its address", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as one client", () => {
    const keys = ["2001:db8:1:2::1", "2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:0DB8:0001:0002:ffff::", "2001:db8:1:2::1%eth0"].map(clientAddressKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
  });

  it("keeps two IPv6 /64 networks apart", () => {
    expect(clientAddressKey("2001:db8:1:2::1")).not.toBe(clientAddressKey("2001:db8:1:3::1"));
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressKey("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("counts an IPv4 address written as IPv6 as that IPv4 address", () => {
    expect(clientAddressKey("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(clientAddressKey("64:ff9b::198.51.100.4")).toBe("64:ff9b:0:0::/64");
  });

  it("keys a missing address under one shared name", () => {
    expect(clientAddressKey(undefined)).toBe("unknown");
  });
});
