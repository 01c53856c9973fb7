import { describe, expect, it } from "vitest";
import { clientThrottleKey } from "./client-key.ts";

describe("the throttle key of a client address", () => {
  it("is an IPv4 address as it is", () => {
    expect(clientThrottleKey("198.51.100.7")).toBe("198.51.100.7");
    expect(clientThrottleKey("198.51.100.8")).toBe("198.51.100.8");
  });

  it("is an IPv4-mapped IPv6 address's IPv4 address, in any written form", () => {
    for (const mapped of [
      "::ffff:198.51.100.7",
      "::FFFF:198.51.100.7",
      "::ffff:c633:6407",
      "0:0:0:0:0:ffff:c633:6407",
      "0000:0000:0000:0000:0000:FFFF:198.51.100.7",
    ]) {
      expect(clientThrottleKey(mapped), mapped).toBe("198.51.100.7");
    }
  });

  it("is an IPv6 address's /64, whatever the last 64 bits", () => {
    const key = "2001:db8:0:1::/64";
    for (const address of [
      "2001:db8:0:1::1",
      "2001:db8:0:1:ffff:ffff:ffff:ffff",
      "2001:0db8:0000:0001:0000:0000:0000:0000",
      "2001:DB8:0:1:A:B:C:D",
      "2001:db8::1:0:0:0:2",
      "2001:db8:0:1::",
      "2001:db8:0:1:0:0:198.51.100.7",
      "2001:db8:0:1::5%eth0",
      "2001:db8:0:1::5%25",
    ]) {
      expect(clientThrottleKey(address), address).toBe(key);
    }
  });

  it("keeps neighbouring /64s, and unrelated addresses, apart", () => {
    expect(clientThrottleKey("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
    expect(clientThrottleKey("2001:db8:1::1")).toBe("2001:db8:1:0::/64");
    expect(clientThrottleKey("::1")).toBe("0:0:0:0::/64");
    expect(clientThrottleKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    // Only ::ffff:0:0/96 is IPv4-mapped; another ::/64 address is an IPv6 client.
    expect(clientThrottleKey("::fffe:198.51.100.7")).toBe("0:0:0:0::/64");
  });

  it("passes something that is no address through unchanged, so it still counts on its own", () => {
    expect(clientThrottleKey("not-an-address")).toBe("not-an-address");
    expect(clientThrottleKey("")).toBe("");
  });
});
