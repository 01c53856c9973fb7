import { randomInt } from "node:crypto";

/**
 * The journeys register more farmers from this one machine in an hour than the register
 * throttle allows one address (20 an hour). As behind a real load balancer, the e2e server
 * trusts 127.0.0.1 as its proxy (`TRUST_PROXY` in playwright.config.ts), and each farmer
 * registered through the API comes from an address of its own in the benchmarking range
 * 198.18.0.0/15 (RFC 2544), never a real one. The browser's own requests carry no such header,
 * so they stay 127.0.0.1, and the throttle still counts them.
 */
export function fromOwnFarmAddress(): { "x-forwarded-for": string } {
  return {
    "x-forwarded-for": `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
  };
}
