import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RoleName, SubmitCalendarResponseSchema, calendarMessages } from "@vaxcal/contracts";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userRoles } from "../../../db/schema/accounts.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { asUser, registerUser } from "../../../test/accounts.ts";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  createVetUser,
  dairySpringCows,
  editCalendar,
} from "../../../test/calendars.ts";

/*
 * docs/product.md §1: only the owner and the vet practice the owner linked may read, edit or
 * download a calendar. Everyone else gets the answer an unknown id gets (404, never 403); nobody
 * signed in gets 401. Each case acts on a calendar of its own, so an allowed DELETE spoils no other
 * case.
 */

const linkedPractice = 1;
const otherPractice = 2;

type Caller = "owner" | "another farmer" | "linked vet" | "unlinked vet" | "visitor";
const callers: readonly Caller[] = [
  "owner",
  "another farmer",
  "linked vet",
  "unlinked vet",
  "visitor",
];
const isAllowed = (caller: Caller) => caller === "owner" || caller === "linked vet";

let testApp: TestApp;
const tokens = new Map<Caller, string | null>();
let ownerToken = "";
let ownerEmail = "";
let linkedVetToken = "";

beforeAll(async () => {
  testApp = await createTestApp();
  const owner = await registerUser(testApp.app, { vet_id: linkedPractice });
  ownerToken = owner.token;
  ownerEmail = owner.email ?? "";
  // Linked to the same practice as the owner, but a farmer: a shared vet is not a shared key.
  const anotherFarmer = await registerUser(testApp.app, { vet_id: linkedPractice });
  const linkedVet = await createVetUser(testApp.database.db, linkedPractice);
  const unlinkedVet = await createVetUser(testApp.database.db, otherPractice);
  tokens.set("owner", owner.token);
  tokens.set("another farmer", anotherFarmer.token);
  tokens.set("linked vet", linkedVet.token);
  linkedVetToken = linkedVet.token;
  tokens.set("unlinked vet", unlinkedVet.token);
  tokens.set("visitor", null);
});
afterAll(() => testApp.close());

async function createOwnersCalendar(): Promise<number> {
  const response = await testApp.app.inject(
    asUser(ownerToken, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(buildEngineCalendar()),
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = SubmitCalendarResponseSchema.parse(response.json()).calendar.id;
  const marked = await testApp.app.inject(
    asUser(ownerToken, {
      method: "PUT",
      url: `/api/calendars/${id}/given-shots/${firstShotId}`,
      payload: { batch: "OWNER-1" },
    }),
  );
  expect(marked.statusCode, marked.body).toBe(200);
  return id;
}

function send(caller: Caller, options: InjectOptions) {
  const token = tokens.get(caller);
  return testApp.app.inject(token ? asUser(token, options) : options);
}

/** The calendar's earliest shot: every owner's calendar has it marked as given. */
const firstShotId =
  buildEngineCalendar()
    .diseases.flatMap((column) => column.shots)
    .filter((shot) => shot.date !== null && !shot.isMirroredCopy)
    .sort((left, right) => (left.date ?? "").localeCompare(right.date ?? ""))[0]?.id ?? "";

/** What the owner sees of the calendar: its detail and its given shots. */
async function readAsOwner(id: number) {
  const [detail, given] = await Promise.all([
    testApp.app.inject(asUser(ownerToken, { method: "GET", url: `/api/calendars/${id}` })),
    testApp.app.inject(
      asUser(ownerToken, { method: "GET", url: `/api/calendars/${id}/given-shots` }),
    ),
  ]);
  return { json: () => ({ detail: detail.json() as unknown, given: given.json() as unknown }) };
}

type RouteCase = {
  name: string;
  request: (id: number) => InjectOptions;
  allowedStatus: number;
  /** The owner's alone: a linked vet gets this status and changes nothing. */
  linkedVetStatus?: number;
};

const routes: readonly RouteCase[] = [
  {
    name: "GET /api/calendars/:id",
    request: (id) => ({ method: "GET", url: `/api/calendars/${id}` }),
    allowedStatus: 200,
  },
  {
    name: "PUT /api/calendar/:id",
    request: (id) => ({
      method: "PUT",
      url: `/api/calendar/${id}`,
      payload: buildSubmitPayload(
        editCalendar(buildEngineCalendar(), "2026-01-30", "2026-09-09"),
        dairySpringCows,
        { action: "update", calendarId: id },
      ),
    }),
    allowedStatus: 200,
  },
  {
    name: "DELETE /api/calendars/:id",
    request: (id) => ({ method: "DELETE", url: `/api/calendars/${id}` }),
    allowedStatus: 204,
  },
  {
    name: "GET /api/calendars/:id/download",
    request: (id) => ({ method: "GET", url: `/api/calendars/${id}/download` }),
    allowedStatus: 200,
  },
  {
    name: "GET /api/calendars/:id/preview.svg",
    request: (id) => ({ method: "GET", url: `/api/calendars/${id}/preview.svg` }),
    allowedStatus: 200,
  },
  {
    name: "GET /api/calendars/:id/given-shots",
    request: (id) => ({ method: "GET", url: `/api/calendars/${id}/given-shots` }),
    allowedStatus: 200,
  },
  {
    name: "PUT /api/calendars/:id/given-shots/:shotId",
    request: (id) => ({
      method: "PUT",
      url: `/api/calendars/${id}/given-shots/${firstShotId}`,
      payload: { batch: "A1" },
    }),
    allowedStatus: 200,
  },
  {
    name: "DELETE /api/calendars/:id/given-shots/:shotId (a shot marked as given)",
    request: (id) => ({ method: "DELETE", url: `/api/calendars/${id}/given-shots/${firstShotId}` }),
    allowedStatus: 204,
  },
  {
    name: "POST /api/calendars/:id/feed/regenerate",
    request: (id) => ({ method: "POST", url: `/api/calendars/${id}/feed/regenerate` }),
    allowedStatus: 200,
    // Issue 23, M1: the feed link is the farmer's; a vet neither gets one nor replaces theirs.
    linkedVetStatus: 403,
  },
];

function findRoute(name: string): RouteCase {
  const route = routes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`no route case ${name}`);
  return route;
}

describe.each(routes)("$name", (route) => {
  it.each(callers)("as %s", async (caller) => {
    const id = await createOwnersCalendar();
    const before = (await readAsOwner(id)).json();
    const response = await send(caller, route.request(id));

    if (caller === "linked vet" && route.linkedVetStatus !== undefined) {
      expect(response.statusCode, response.body).toBe(route.linkedVetStatus);
      expect(response.json()).toEqual({
        error: { code: "FORBIDDEN", message: calendarMessages.feedOwnerOnly },
      });
      expect((await readAsOwner(id)).json()).toEqual(before);
      return;
    }
    if (isAllowed(caller)) {
      expect(response.statusCode, response.body).toBe(route.allowedStatus);
      return;
    }
    const expected = caller === "visitor" ? 401 : 404;
    expect(response.statusCode, response.body).toBe(expected);
    if (expected === 404) {
      expect(response.json()).toEqual({
        error: { code: "NOT_FOUND", message: calendarMessages.notFound },
      });
    }
    // A refused call changes nothing: same shots, same feed links.
    expect((await readAsOwner(id)).json()).toEqual(before);
  });
});

describe("a calendar that does not exist", () => {
  it.each(["999999", "0", "abc", "1e3", "99999999999999"])(
    "answers id %s with the same 404 as someone else's",
    async (id) => {
      const response = await send("owner", { method: "GET", url: `/api/calendars/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: "NOT_FOUND", message: calendarMessages.notFound },
      });
    },
  );
});

describe("GET /api/user/calendars and POST /api/calendar", () => {
  it("need a login", async () => {
    expect((await send("visitor", { method: "GET", url: "/api/user/calendars" })).statusCode).toBe(
      401,
    );
    const response = await send("visitor", {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(buildEngineCalendar()),
    });
    expect(response.statusCode).toBe(401);
  });

  it("list only the caller's own calendars, for a linked vet too", async () => {
    const id = await createOwnersCalendar();
    for (const caller of ["another farmer", "linked vet", "unlinked vet"] as const) {
      const response = await send(caller, { method: "GET", url: "/api/user/calendars" });
      expect(response.statusCode).toBe(200);
      const ids = (response.json() as { calendars: { id: number }[] }).calendars.map(
        (calendar) => calendar.id,
      );
      expect(ids, caller).not.toContain(id);
    }
  });
});

describe("the feed", () => {
  it("answers anyone who has the secret link, with or without a login, and no one else", async () => {
    const id = await createOwnersCalendar();
    const { detail } = (await readAsOwner(id)).json() as {
      detail: { feedUrls: { https: string } };
    };
    const feedPath = new URL(detail.feedUrls.https).pathname;
    for (const caller of callers) {
      expect((await send(caller, { method: "GET", url: feedPath })).statusCode, caller).toBe(200);
    }
    const guessed = feedPath.replace(/[\w-]{43}\.ics$/, `${"a".repeat(43)}.ics`);
    expect((await send("owner", { method: "GET", url: guessed })).statusCode).toBe(404);
  });
});

describe("a linked vet's answers", () => {
  // Issue 23, M1: the secret feed link outlived a vet's access; vets are never given it.
  it("carry no feed link nor the farmer's feed token, and the farmer's link stays", async () => {
    const id = await createOwnersCalendar();
    const { detail } = (await readAsOwner(id)).json() as {
      detail: { feedUrls: { https: string } };
    };
    const token = /([\w-]{43})\.ics$/.exec(detail.feedUrls.https)?.[1] ?? "";
    expect(token).toHaveLength(43);
    const answers = [
      await send("linked vet", { method: "GET", url: `/api/calendars/${id}` }),
      await send("linked vet", findRoute("PUT /api/calendar/:id").request(id)),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).not.toContain(token);
      expect(answer.body).not.toContain("/api/calendars/feed/");
    }
    expect(answers[0]?.json()).not.toHaveProperty("feedUrls");
    expect(answers[1]?.json()).not.toHaveProperty("calendar.feedUrls");
    const after = (await readAsOwner(id)).json() as { detail: { feedUrls: { https: string } } };
    expect(after.detail.feedUrls.https).toBe(detail.feedUrls.https);
  });
});

describe("a member of the linked practice whose role is neither VET_MANAGER nor VET", () => {
  it("gets 404 like any other user", async () => {
    const id = await createOwnersCalendar();
    const member = await createVetUser(testApp.database.db, linkedPractice);
    await testApp.database.db
      .update(userRoles)
      .set({ role: RoleName.farmer })
      .where(eq(userRoles.userId, member.id));
    const response = await testApp.app.inject(
      asUser(member.token, { method: "GET", url: `/api/calendars/${id}` }),
    );
    expect(response.statusCode).toBe(404);
  });
});

describe("a linked vet's download", () => {
  it("prints the owner's farm and username, not the vet's", async () => {
    const id = await createOwnersCalendar();
    const response = await testApp.app.inject(
      asUser(linkedVetToken, { method: "GET", url: `/api/calendars/${id}/download` }),
    );
    expect(response.statusCode).toBe(200);
    const folder = mkdtempSync(path.join(tmpdir(), "vaxcal-vet-pdf-"));
    try {
      const file = path.join(folder, "calendar.pdf");
      writeFileSync(file, response.rawPayload);
      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
      expect(text).toContain(ownerEmail);
      expect(text).toContain("Hill Farm");
      expect(text).not.toContain("practice.example.ie");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
