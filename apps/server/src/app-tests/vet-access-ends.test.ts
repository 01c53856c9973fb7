import {
  AcceptVetInviteResponseSchema,
  CalendarDetailSchema,
  ListCalendarsResponseSchema,
  SubmitCalendarResponseSchema,
  VetDashboardSchema,
  VetPracticeMembersSchema,
  DosesDueSummarySchema,
} from "@vaxcal/contracts";
import { inArray } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveSigningSecret } from "../config.ts";
import { outboxMessages } from "../db/schema/outbox.ts";
import {
  createPracticeDigestSender,
  createPracticeDosesDueReader,
} from "../modules/vet-practices/index.ts";
import {
  asUser,
  findLink,
  nextClientAddress,
  readOutbox,
  registerUser,
  saveSettings,
  type RegisteredUser,
} from "../test/accounts.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { startSecondNode, type SecondNode } from "../test/second-node.ts";
import { registerVetPractice } from "../test/vet-practices.ts";
import {
  buildEngineCalendar,
  buildSubmitPayload,
  dairySpringCows,
  readPdfText,
  testToday,
} from "../test/calendars.ts";

/*
 * Issue 23, M1: a vet's access ends when the farmer unlinks the practice or the manager removes
 * the vet. A vet of a linked practice visits everything a vet can, on node B of two app instances
 * sharing one database (so B's render versions, PDF and feed caches and doses-due cache are warm);
 * every URL in every answer and every e-mail the vet or the practice received is collected, and
 * every page those URLs lead to is visited too. Then the access ends on node A, and every
 * collected URL, fetched on both nodes with and without the vet's session, shows nothing of the
 * farmer's: no farm, no name, no contact, no shot. The farmer's own feed link keeps working.
 */

const publicUrl = "https://vaxcal.example.ie";
const publicHost = new URL(publicUrl).host;
// A Monday (testToday): the weekly digest of the practice goes out at 08:00.
const now = new Date(`${testToday}T10:00:00Z`);
const clock = () => now;

let nodeA: TestApp;
let nodeB: FastifyInstance;
let secondNode: SecondNode;

beforeAll(async () => {
  nodeA = await createTestApp({ publicUrl }, clock);
  secondNode = await startSecondNode(nodeA, clock, "vaxcal-listen-renders-vet-access");
  nodeB = secondNode.app;
});

afterAll(async () => {
  await secondNode?.close();
  await nodeA?.close();
});

let sequence = 0;

type Farm = {
  farmer: RegisteredUser;
  calendarId: number;
  /** What only this farmer's data shows: farm name, names, contact. */
  markers: string[];
  /** The farmer's own feed link, from their own My Calendars. */
  feedUrl: string;
};

type Practice = {
  id: number;
  email: string;
  manager: { id: number; token: string };
  vet: { id: number; token: string; email: string };
};

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

/** A practice registered and verified, whose manager invites one vet, who joins. */
async function setUpPractice(): Promise<Practice> {
  sequence += 1;
  // Verified through the signed link the manager is sent (decision 503).
  const practice = await registerVetPractice(nodeA, {
    vet_practice_name: `Ballinhassig Vets ${sequence}`,
  });
  const { email } = practice;
  const vetEmail = `cian.${sequence}.${Date.now()}@vets.example.ie`;
  const invited = await nodeA.app.inject(
    asUser(practice.token, {
      method: "POST",
      url: "/api/vet/invites",
      payload: { emails: [vetEmail] },
    }),
  );
  expect(invited.statusCode, invited.body).toBeLessThan(300);
  await nodeA.whenIdle();
  const [invite] = await readOutbox(nodeA.database, vetEmail);
  const inviteToken =
    new URL(findLink(invite?.bodyText ?? null, "/vet/join")).searchParams.get("token") ?? "";
  const accepted = await nodeA.app.inject({
    method: "POST",
    url: "/api/vet/invites/accept",
    remoteAddress: nextClientAddress(),
    payload: {
      token: inviteToken,
      name: "Cian",
      surname: "Walsh",
      password: "silage-clamp-77",
      password_confirmation: "silage-clamp-77",
      agree_to_terms: true,
    },
  });
  expect(accepted.statusCode, accepted.body).toBeLessThan(300);
  const vet = AcceptVetInviteResponseSchema.parse(accepted.json());
  return {
    id: practice.id,
    email,
    manager: { id: practice.managerId, token: practice.token },
    vet: { id: vet.user.id, token: vet.token, email: vetEmail },
  };
}

/** A farmer linked to the practice, with a saved calendar whose first shot is marked given. */
async function setUpFarm(practice: Practice): Promise<Farm> {
  const farmName = `Cnoc na Gaoithe ${sequence} Farm`;
  const farmer = await registerUser(nodeA.app, {
    name: "Gobnait",
    surname: `Ní Chonaill${"a".repeat(sequence)}`,
    farmer_name: farmName,
    town: "Ballyvourney",
    vet_id: practice.id,
  });
  const saved = await nodeA.app.inject(
    asUser(farmer.token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(buildEngineCalendar()),
    }),
  );
  expectStatus(saved, 201);
  const calendarId = SubmitCalendarResponseSchema.parse(saved.json()).calendar.id;
  const feedUrl = await readOwnFeedUrl(nodeA.app, farmer);
  await nodeA.whenIdle();
  return {
    farmer,
    calendarId,
    feedUrl,
    markers: [
      farmName,
      `Ní Chonaill${"a".repeat(sequence)}`,
      "Ballyvourney",
      farmer.email ?? "",
      // The feed's and PDF's shots.
      "BEGIN:VEVENT",
    ].filter((marker) => marker !== ""),
  };
}

async function readOwnFeedUrl(node: FastifyInstance, farmer: RegisteredUser): Promise<string> {
  const list = await node.inject(
    asUser(farmer.token, { method: "GET", url: "/api/user/calendars" }),
  );
  expectStatus(list, 200);
  const [calendar] = ListCalendarsResponseSchema.parse(list.json()).calendars;
  const https = calendar?.feedUrls?.https;
  if (!https) throw new Error("the owner sees no feed link");
  return https;
}

/** The path an absolute or relative URL names on this app, or null for another site's URL. */
function toAppPath(url: string): string | null {
  if (url.startsWith("/")) return url;
  // Text that only looks like a URL (a built script's "https://." say) leads nowhere.
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.host !== publicHost) return null;
  return `${parsed.pathname}${parsed.search}`;
}

const absoluteUrlPattern = /(?:https?|webcal):\/\/[^\s"'<>\\)\]]+/g;
const jsonPathPattern = /"(\/[A-Za-z0-9_\-./%?=&~]+)"/g;

/** Every URL a text holds: absolute ones, paths in JSON strings, and URLs inside their queries. */
function findUrls(text: string): string[] {
  const decoded = text.replace(/&amp;/g, "&");
  const found = new Set<string>();
  const add = (url: string) => {
    const trimmed = url.replace(/[.,;]+$/, "");
    if (found.has(trimmed)) return;
    found.add(trimmed);
    if (!trimmed.includes("://")) return;
    let parsed: URL;
    try {
      parsed = new URL(trimmed);
    } catch {
      return;
    }
    // Google's and Outlook's subscribe pages carry the feed link in their query.
    for (const value of parsed.searchParams.values()) {
      for (const inner of value.match(absoluteUrlPattern) ?? []) add(inner);
    }
  };
  for (const url of decoded.match(absoluteUrlPattern) ?? []) add(url);
  for (const match of decoded.matchAll(jsonPathPattern)) if (match[1]) add(match[1]);
  return [...found];
}

/** The readable text of an answer: the PDF's text, else the body as it came. */
function readBody(response: LightMyRequestResponse): string {
  const type = String(response.headers["content-type"] ?? "");
  if (type.includes("application/pdf")) return readPdfText(response.rawPayload);
  return response.body;
}

/** What a vet has seen: every URL, and the requests whose answer showed the farm. */
type VetTrail = {
  urls: Set<string>;
  seenFarmData: Set<string>;
  note: (text: string) => void;
  send: (node: FastifyInstance, options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Follows every collected URL of this app (GET, with the vet's session) until none is new. */
  crawl: (node: FastifyInstance) => Promise<void>;
};

function startTrail(farm: Farm, vetToken: string): VetTrail {
  const urls = new Set<string>();
  const seenFarmData = new Set<string>();
  const note = (text: string) => {
    for (const url of findUrls(text)) urls.add(url);
  };
  const send = async (node: FastifyInstance, options: InjectOptions) => {
    const response = await node.inject(asUser(vetToken, options));
    const text = readBody(response);
    note(text);
    if (farm.markers.some((marker) => text.includes(marker))) {
      seenFarmData.add(`${options.method ?? "GET"} ${String(options.url)}`);
    }
    return response;
  };
  const crawl = async (node: FastifyInstance) => {
    const visited = new Set<string>();
    for (;;) {
      const next = [...urls]
        .map(toAppPath)
        .filter((path): path is string => path !== null && !visited.has(path));
      if (next.length === 0) return;
      for (const path of next) {
        visited.add(path);
        await send(node, { method: "GET", url: path });
      }
    }
  };
  return { urls, seenFarmData, note, send, crawl };
}

/** Everything a vet of the practice can do with the farmer's calendars, on node B. */
async function visitAsVet(practice: Practice, farm: Farm): Promise<VetTrail> {
  const trail = startTrail(farm, practice.vet.token);
  const get = (url: string) => trail.send(nodeB, { method: "GET", url });

  const dashboard = VetDashboardSchema.parse((await get("/api/vet/dashboard")).json());
  const calendarIds = dashboard.clients.flatMap((client) => client.calendars.map((c) => c.id));
  expect(calendarIds).toContain(farm.calendarId);
  const summary = DosesDueSummarySchema.parse((await get("/api/vet/doses-due")).json());
  for (const week of summary.weeks) await get(`/api/vet/doses-due/weeks/${week.week_start}`);
  await get("/api/vet/doses-due.csv");
  await get("/api/vet/digest");
  await get("/api/vet/members");
  await get("/api/user");
  for (const id of calendarIds) {
    const detail = CalendarDetailSchema.parse((await get(`/api/calendars/${id}`)).json());
    await get(`/api/calendars/${id}/download`);
    await get(`/api/calendars/${id}/preview.svg`);
    await get(`/api/calendars/${id}/given-shots`);
    await get(`/api/calendars/${id}/protocol-update`);
    const shotId = detail.diseases[0]?.shots[0]?.id;
    if (shotId) {
      await trail.send(nodeB, {
        method: "PUT",
        url: `/api/calendars/${id}/given-shots/${shotId}`,
        payload: { batch: "VET-1" },
      });
    }
    // The vet adjusts the calendar and saves it, as the saved-calendar screen does.
    await trail.send(nodeB, {
      method: "PUT",
      url: `/api/calendar/${id}`,
      payload: buildSubmitPayload(buildEngineCalendar(), dairySpringCows, {
        action: "update",
        calendarId: id,
      }),
    });
    // Asking for new feed links is the farmer's: a vet gets none, and the farmer's stay.
    await trail.send(nodeB, { method: "POST", url: `/api/calendars/${id}/feed/regenerate` });
  }

  // The practice's weekly digest, and every e-mail or text the vet or the practice received.
  await createPracticeDigestSender({
    db: nodeA.database.db,
    clock,
    mail: undefined,
    readPracticeDosesDue: createPracticeDosesDueReader(nodeA.database.db),
    secret: resolveSigningSecret(nodeA.config),
    publicUrl,
    log: pino({ level: "silent" }),
  }).runDigests();
  await nodeA.whenIdle();
  const messages = await nodeA.database.db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.recipient, [practice.email, practice.vet.email]));
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) {
    trail.note(`${message.subject ?? ""}\n${message.bodyText ?? ""}\n${message.bodyHtml ?? ""}`);
  }

  await trail.crawl(nodeB);
  // The vet did see the farm, so the checks below are about something that was there.
  expect(trail.seenFarmData.size).toBeGreaterThan(0);
  expect([...trail.urls].map(toAppPath)).toEqual(
    expect.arrayContaining([
      `/api/calendars/${farm.calendarId}/download`,
      `/api/calendars/${farm.calendarId}/preview.svg`,
    ]),
  );
  return trail;
}

/** Every collected URL, on both nodes, with and without the vet's session: nothing of the farm. */
async function expectNothingOfTheFarm(trail: VetTrail, farm: Farm, vetToken: string) {
  const leaks: string[] = [];
  const paths = [
    ...new Set([...trail.urls].map(toAppPath).filter((path): path is string => path !== null)),
  ];
  for (const [nodeName, node] of [
    ["B", nodeB],
    ["A", nodeA.app],
  ] as const) {
    for (const withSession of [true, false]) {
      for (const path of paths) {
        const request: InjectOptions = { method: "GET", url: path };
        const response = await node.inject(withSession ? asUser(vetToken, request) : request);
        const text = readBody(response);
        const shown = farm.markers.filter((marker) => text.includes(marker));
        if (response.statusCode < 400 && shown.length > 0) {
          leaks.push(
            `node ${nodeName}, ${withSession ? "vet's session" : "no session"}: GET ${path} answered ${response.statusCode} with ${shown.join(", ")}`,
          );
        }
      }
    }
  }
  expect(leaks).toEqual([]);
}

/** The farmer's own feed link is the one they had, and it still serves their calendar. */
async function expectFarmersFeedWorks(farm: Farm) {
  expect(await readOwnFeedUrl(nodeA.app, farm.farmer)).toBe(farm.feedUrl);
  for (const node of [nodeB, nodeA.app]) {
    const feed = await node.inject({ method: "GET", url: toAppPath(farm.feedUrl) ?? "" });
    expectStatus(feed, 200);
    expect(feed.body).toContain("BEGIN:VEVENT");
  }
}

describe("a vet's access, once it ends", () => {
  it("ends everywhere when the farmer unlinks the practice", async () => {
    const practice = await setUpPractice();
    const farm = await setUpFarm(practice);
    // The farmer's feed is served from node B's memory from now on.
    await nodeB.inject({ method: "GET", url: toAppPath(farm.feedUrl) ?? "" });
    const trail = await visitAsVet(practice, farm);

    expectStatus(
      await saveSettings(nodeA.app, farm.farmer, {
        vet_id: null,
        current_password: farm.farmer.password,
      }),
      200,
    );
    await nodeA.whenIdle();

    await expectNothingOfTheFarm(trail, farm, practice.vet.token);
    await expectFarmersFeedWorks(farm);
  });

  it("ends everywhere when the manager removes the vet from the practice", async () => {
    const practice = await setUpPractice();
    const farm = await setUpFarm(practice);
    await nodeB.inject({ method: "GET", url: toAppPath(farm.feedUrl) ?? "" });
    const trail = await visitAsVet(practice, farm);

    const members = VetPracticeMembersSchema.parse(
      (
        await nodeA.app.inject(
          asUser(practice.manager.token, { method: "GET", url: "/api/vet/members" }),
        )
      ).json(),
    );
    const member = members.members.find((candidate) => candidate.email === practice.vet.email);
    expect(member).toBeDefined();
    const removed = await nodeA.app.inject(
      asUser(practice.manager.token, {
        method: "DELETE",
        url: `/api/vet/members/${member?.id ?? 0}`,
      }),
    );
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await nodeA.whenIdle();

    await expectNothingOfTheFarm(trail, farm, practice.vet.token);
    await expectFarmersFeedWorks(farm);
  });
});
