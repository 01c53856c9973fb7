import type { ShotTemplateInput } from "@vaxcal/schedule";
import { describe, expect, it } from "vitest";
import { createProtocolStamp, readProtocolStamp } from "./protocol-stamp.ts";
import { signWithSecret } from "../../../lib/tokens.ts";

const secret = "a-test-secret-of-enough-length-for-hmac";
const protocol: ShotTemplateInput[] = [
  {
    id: 2,
    vaccine_id: 1,
    animal_id: 1,
    birth_days: null,
    breeding_days: -28,
    custom_name: null,
    is_recurrent: 1,
    herd_status: null,
    season_id: null,
  },
  {
    id: 44,
    vaccine_id: 1,
    animal_id: 1,
    birth_days: null,
    breeding_days: -56,
    custom_name: "1st dose – Fógra",
    is_recurrent: 0,
    herd_status: "unprimed",
    season_id: 2,
  },
];
const column = { diseaseId: 1, vaccineId: 1, protocol };

/** Signed the way the server signs (only a holder of the secret could): shapes it never makes. */
function sign(payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `p1.${body}.${signWithSecret(secret, `vaxcal-protocol-stamp:p1.${body}`)}`;
}

describe("protocol stamps (decision 405)", () => {
  it("carry exactly the column and templates they were made from, and are short", () => {
    const stamp = createProtocolStamp(secret, column);
    expect(readProtocolStamp(secret, stamp)).toEqual(column);
    const empty = { diseaseId: 10, vaccineId: 19, protocol: [] };
    expect(readProtocolStamp(secret, createProtocolStamp(secret, empty))).toEqual(empty);
    expect(stamp.length).toBeLessThan(300);
    // The same column always gives the same stamp, so today's is recognised by equality.
    expect(createProtocolStamp(secret, column)).toBe(stamp);
    expect(createProtocolStamp(secret, { ...column, diseaseId: 2 })).not.toBe(stamp);
  });

  it("are refused when altered, signed with another secret, or not stamps at all", () => {
    const stamp = createProtocolStamp(secret, column);
    const [version, , signature] = stamp.split(".");
    const moved = [{ ...protocol[0], breeding_days: -21 }, protocol[1]] as ShotTemplateInput[];
    const otherPayload = createProtocolStamp(secret, { ...column, protocol: moved }).split(".")[1];
    expect(readProtocolStamp(secret, `${version}.${otherPayload}.${signature}`)).toBeNull();
    expect(readProtocolStamp("another-secret", stamp)).toBeNull();
    expect(readProtocolStamp(secret, stamp.replace(/^p1/, "p2"))).toBeNull();
    expect(readProtocolStamp(secret, "")).toBeNull();
    expect(readProtocolStamp(secret, "p1.e30.x")).toBeNull();
  });

  it("are refused when signed but not a column with a list of whole templates", () => {
    const tuples = protocol.map((template) => Object.values(template));
    expect(readProtocolStamp(secret, sign([1, 1, tuples]))).toEqual(column);
    expect(readProtocolStamp(secret, sign(tuples))).toBeNull();
    expect(readProtocolStamp(secret, sign({ not: "a list" }))).toBeNull();
    expect(readProtocolStamp(secret, sign(["1", 1, tuples]))).toBeNull();
    expect(readProtocolStamp(secret, sign([1, 1, [[2, 1, 1, null, -28, null]]]))).toBeNull();
    const badHerd = [2, 1, 1, null, -28, null, 1, "sometimes", null];
    expect(readProtocolStamp(secret, sign([1, 1, [badHerd]]))).toBeNull();
    const badId = ["2", 1, 1, null, -28, null, 1, null, null];
    expect(readProtocolStamp(secret, sign([1, 1, [badId]]))).toBeNull();
  });
});
