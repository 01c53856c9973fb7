import net from "node:net";

export type TrustProxy = false | number | string[];

// proxy-addr's names for address ranges, as Fastify's trustProxy accepts them.
const namedRanges = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `0` or `false` trusts no proxy; a number trusts that many hops in front of the
 * server; otherwise a comma-separated list of proxy addresses, ranges (10.0.0.0/8) or proxy-addr
 * names (loopback). `true` is refused: it would take any X-Forwarded-For a client sends as its
 * address, and every per-address throttle could then be bypassed. Null when the value is invalid.
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim();
  if (text === "false") return false;
  if (/^\d{1,2}$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(",").map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : null;
}

/** Whether a connection comes from this machine: /dev/outbox answers only these. */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return plain === "::1" || (net.isIPv4(plain) && plain.startsWith("127."));
}

/**
 * Fastify's option for TRUST_PROXY. Fastify refuses a bare hop count (it cannot check the peer),
 * so a count becomes proxy-addr's hop test: the nearest `hops` addresses are proxies. That suits
 * only a server every request reaches through those proxies, as .env.example says.
 */
export function toFastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}
