import { securityMessages } from "@vaxcal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildRegistration,
  createAccountsTestApp,
  nextClientAddress,
  readOutbox,
  registerUser,
  type AccountsTestApp,
} from "../../test/accounts.ts";

/*
 * The client address every per-address throttle keys on is the connection's own unless
 * TRUST_PROXY names the proxy in front, and login failures also count per address across
 * usernames and per account across addresses.
 */

let production: AccountsTestApp;

beforeAll(async () => {
  production = await createAccountsTestApp({
    nodeEnv: "production",
    appSecret: "kV3r8-Qz_uN1mXw7pLc2TbYh6sGd0eJa9oFiR4",
    publicUrl: "https://vaxcal.example.ie",
  });
});

afterAll(() => production.close());

let forwardedSequence = 0;

/** A different X-Forwarded-For on every call: the bypass the throttles must not fall for. */
function rotatingForwardedFor(): Record<string, string> {
  forwardedSequence += 1;
  return {
    "x-forwarded-for": `203.0.113.${forwardedSequence % 250}, 198.18.0.${forwardedSequence % 250}`,
  };
}

function logIn(app: AccountsTestApp, username: string, password: string, remoteAddress: string) {
  return app.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { username, password },
    remoteAddress,
    headers: rotatingForwardedFor(),
  });
}

describe("in production mode, with no TRUST_PROXY", () => {
  it("answers 30 wrong passwords with rotating X-Forwarded-For with 429 from the sixth", async () => {
    const user = await registerUser(production.app);
    const remoteAddress = nextClientAddress();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      statuses.push(
        (await logIn(production, user.email ?? "", `wrong-${attempt}`, remoteAddress)).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(25).fill(429));
  });

  it("throttles 30 wrong passwords across 30 accounts from one address", async () => {
    const users = [];
    for (let index = 0; index < 30; index += 1) users.push(await registerUser(production.app));
    const remoteAddress = nextClientAddress();
    const statuses: number[] = [];
    for (const user of users) {
      statuses.push(
        (await logIn(production, user.email ?? "", "wrong-password", remoteAddress)).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    // Another address is not held back by this one's spray.
    const owner = users[29];
    expect(
      (await logIn(production, owner?.email ?? "", owner?.password ?? "", nextClientAddress()))
        .statusCode,
    ).toBe(200);
  });

  it("keys check-user-exists, register, reset request and reset token on the connection's address", async () => {
    const cases = [
      { method: "GET", url: "/api/check-user-exists?email=someone%40example.ie", limit: 10 },
      { method: "POST", url: "/api/register", payload: { agree_to_terms: false }, limit: 20 },
      {
        method: "POST",
        url: "/api/password/reset",
        payload: { email: "nobody@example.ie" },
        limit: 3,
      },
      {
        method: "POST",
        url: "/api/password/verify-token",
        payload: { email: "nobody@example.ie", token: "x" },
        limit: 30,
      },
    ] as const;
    for (const { limit, ...request } of cases) {
      const remoteAddress = nextClientAddress();
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= limit; attempt += 1) {
        const response = await production.app.inject({
          ...request,
          remoteAddress,
          headers: rotatingForwardedFor(),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, limit), request.url).not.toContain(429);
      expect(statuses[limit], request.url).toBe(429);
    }
  });
});

describe("per account", () => {
  it("locks password logins for 15 minutes after 10 failures in an hour, and tells the owner once", async () => {
    const user = await registerUser(production.app, buildRegistration({}));
    const statuses: number[] = [];
    // Each try from a new address: only the account's own count can stop them.
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      statuses.push(
        (await logIn(production, user.email ?? "", `wrong-${attempt}`, nextClientAddress()))
          .statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const locked = await logIn(production, user.email ?? "", user.password, nextClientAddress());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: { code: "RATE_LIMITED", message: securityMessages.loginLocked },
    });
    const notices = (await readOutbox(production.database, user.email ?? "")).filter((message) =>
      message.subject?.includes("trying to log in"),
    );
    expect(notices).toHaveLength(1);

    production.clock.advanceMinutes(15);
    expect(
      (await logIn(production, user.email ?? "", user.password, nextClientAddress())).statusCode,
    ).toBe(200);
  });

  it("locks an unknown username the same way, so a lock reveals no account", async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      statuses.push(
        (await logIn(production, "nobody.at.all@example.ie", "wrong", nextClientAddress()))
          .statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});

describe("with TRUST_PROXY naming the proxy", () => {
  let behindProxy: AccountsTestApp;

  beforeAll(async () => {
    behindProxy = await createAccountsTestApp({ trustProxy: ["192.0.2.10"] });
  });

  afterAll(() => behindProxy.close());

  it("takes the address the proxy reports, and ignores one a client adds before it", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= 10; attempt += 1) {
      const response = await behindProxy.app.inject({
        method: "GET",
        url: "/api/check-user-exists?email=someone%40example.ie",
        remoteAddress: "192.0.2.10",
        // The client forged the first entry; the proxy appended the address it saw.
        headers: { "x-forwarded-for": `203.0.113.${attempt}, 198.51.100.99` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const other = await behindProxy.app.inject({
      method: "GET",
      url: "/api/check-user-exists?email=someone%40example.ie",
      remoteAddress: "192.0.2.10",
      headers: { "x-forwarded-for": "198.51.100.100" },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe("with TRUST_PROXY, IPv6 clients", () => {
  let behindProxy: AccountsTestApp;

  beforeAll(async () => {
    behindProxy = await createAccountsTestApp({ trustProxy: ["192.0.2.10"] });
  });

  afterAll(() => behindProxy.close());

  /** One request through the proxy, which appends the client's address as nginx does. */
  function throughProxy(
    clientAddress: string,
    request: { method: "GET" | "POST"; url: string; payload?: object },
  ) {
    return behindProxy.app.inject({
      ...request,
      remoteAddress: "192.0.2.10",
      headers: { "x-forwarded-for": clientAddress },
    });
  }

  /** The n-th address of one /64, written as clients and proxies variously write them. */
  function addressInOne64(prefix: string, n: number): string {
    const forms = [
      `${prefix}:${n.toString(16)}:0:0:${(n * 7).toString(16)}`,
      `${prefix}::${n.toString(16)}`,
      `${prefix.toUpperCase()}:${n.toString(16).toUpperCase()}::1`,
      `${prefix}:0:${n.toString(16)}:0:2`,
    ];
    return forms[n % forms.length] ?? "";
  }

  it("counts look-ups from every address of one /64 as one client, and another /64 apart", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 11; n += 1) {
      const response = await throughProxy(addressInOne64("2001:db8:aaaa:1", n), {
        method: "GET",
        url: "/api/check-user-exists?email=someone%40example.ie",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const neighbour = await throughProxy("2001:db8:aaaa:2::1", {
      method: "GET",
      url: "/api/check-user-exists?email=someone%40example.ie",
    });
    expect(neighbour.statusCode).toBe(200);
  });

  it("counts wrong logins from every address of one /64 as one client's", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 24; n += 1) {
      const response = await throughProxy(addressInOne64("2001:db8:bbbb:1", n), {
        method: "POST",
        url: "/api/login",
        payload: { username: `nobody-${n}@example.ie`, password: "wrong-password" },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(4).fill(429)]);
  });

  it("counts an IPv4 client the same whether the proxy writes it plain or IPv4-mapped", async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= 10; n += 1) {
      const address = ["198.51.100.77", "::ffff:198.51.100.77", "::FFFF:c633:644d"][n % 3] ?? "";
      const response = await throughProxy(address, {
        method: "GET",
        url: "/api/check-user-exists?email=someone%40example.ie",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
