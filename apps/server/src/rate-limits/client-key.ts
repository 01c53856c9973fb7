import net from "node:net";

/*
 * The subject every per-client throttle counts under (decision 011, L3 of security round 3).
 * An IPv4 client is its address. An IPv6 client is its /64: a home or a phone gets a whole /64
 * and picks a fresh address in it at will, so counting each address alone lets one client spread
 * its guesses over 2^64 of them. An IPv4-mapped IPv6 address (`::ffff:198.51.100.7`, as a
 * dual-stack socket or a proxy may write it) is the IPv4 client it maps. Zone ids and letter case
 * are dropped, and every written form of an address (compressed `::`, leading zeros, a dotted tail)
 * gives the same key.
 */

const mappedPrefix = [0, 0, 0, 0, 0, 0xffff];

/** The eight 16-bit groups of an IPv6 address (no zone id), or null if it is not one. */
function readIpv6Groups(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const toGroups = (part: string) =>
    part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16));
  const before = toGroups(head);
  const after = tail === undefined ? [] : toGroups(tail);
  const zeros = tail === undefined ? 0 : 8 - before.length - after.length;
  const groups = [...before, ...Array<number>(zeros).fill(0), ...after];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff)
    ? groups
    : null;
}

/** The throttle key of a client address: IPv4 as it is, IPv6 by its /64 (`2001:db8:0:1::/64`). */
export function clientThrottleKey(address: string): string {
  const plain = address.trim().toLowerCase().replace(/%.*$/, "");
  if (net.isIPv4(plain)) return plain;
  const groups = readIpv6Groups(plain);
  if (!groups) return plain;
  if (mappedPrefix.every((group, index) => groups[index] === group)) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
