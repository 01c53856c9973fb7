import { RegenerateFeedResponseSchema, SubmitCalendarResponseSchema } from "@vaxcal/contracts";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, registerUser, type RegisteredUser } from "../../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { startSecondNode, waitFor, type SecondNode } from "../../../test/second-node.ts";
import {
  buildContact,
  buildEngineCalendar,
  buildSubmitPayload,
  createVetUser,
  editCalendar,
  readPdfText,
  testToday,
  requireFeedUrls,
} from "../../../test/calendars.ts";
import { toRateLimitKey } from "../../../rate-limits/rate-limits.repository.ts";
import { hashFeedToken } from "./calendar-feed-token.ts";
import { createFeedFetchCounts } from "./feed-fetch-counts.ts";
import {
  createRenderVersions,
  renderVersionEntryBytes,
  type RenderVersions,
} from "./render-versions.ts";

/*
 * Decision 705: render versions live in each node's memory and are dropped on every node by
 * PostgreSQL's NOTIFY (migration 0017's triggers). Two app instances share one database here:
 * node A takes the changes, node B serves the cached PDF and feed. `versionsB.sync()` waits for
 * B's listening connection to have received what was committed before (a round trip on it), so
 * "the next request" is the first one after the notification has arrived, as on a real node
 * a few milliseconds after the commit.
 */

const publicUrl = "https://vaxcal.example.ie";
const linkedPractice = 1;
const now = new Date(`${testToday}T10:00:00Z`);
const clock = () => now;
const listenerB = "vaxcal-listen-renders-b";
let nodeA: TestApp;
let secondNode: SecondNode;
let nodeB: FastifyInstance;
let versionsB: RenderVersions;
let farmer: RegisteredUser;
let vet: { id: number; token: string };
const engineCalendar = buildEngineCalendar();

beforeAll(async () => {
  nodeA = await createTestApp({ publicUrl }, clock);
  secondNode = await startSecondNode(nodeA, clock, listenerB);
  nodeB = secondNode.app;
  versionsB = secondNode.versions;
  farmer = await registerUser(nodeA.app, {
    farmer_name: "Ó Súilleabháin's Farm",
    vet_id: linkedPractice,
  });
  vet = await createVetUser(nodeA.database.db, linkedPractice, now);
});

afterAll(async () => {
  await secondNode.close();
  await nodeA.close();
});

async function saveCalendar(): Promise<{ id: number; feedPath: string }> {
  const response = await nodeA.app.inject(
    asUser(farmer.token, {
      method: "POST",
      url: "/api/calendar",
      payload: buildSubmitPayload(engineCalendar),
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const { calendar } = SubmitCalendarResponseSchema.parse(response.json());
  return { id: calendar.id, feedPath: new URL(requireFeedUrls(calendar).https).pathname };
}

function getPdf(node: FastifyInstance, id: number, token = farmer.token) {
  return node.inject(asUser(token, { method: "GET", url: `/api/calendars/${id}/download` }));
}

async function readServed(node: FastifyInstance, id: number, feedPath: string) {
  const pdf = await getPdf(node, id);
  expect(pdf.statusCode, pdf.body).toBe(200);
  const feed = await node.inject({ method: "GET", url: feedPath });
  expect(feed.statusCode, feed.body).toBe(200);
  return {
    pdfTag: String(pdf.headers.etag),
    pdfText: readPdfText(pdf.rawPayload),
    feedTag: String(feed.headers.etag),
    feed: feed.body,
  };
}

/** Runs SQL on the database without firing any trigger: a change no node is told about. */
async function changeUnannounced(statement: string, values: unknown[]) {
  const client = await nodeA.database.pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL session_replication_role = replica");
    await client.query(statement, values);
    await client.query("COMMIT");
  } finally {
    client.release();
  }
}

/**
 * B serves the calendar from memory; after `change` (on A or in the database) and B's
 * notification, B's very next PDF and feed are new.
 */
async function expectChangeReachesNodeB(change: (id: number) => Promise<void>) {
  const { id, feedPath } = await saveCalendar();
  const before = await readServed(nodeB, id, feedPath);
  expect(versionsB.forOwner(id, farmer.id)).toBeDefined();
  await change(id);
  await versionsB.sync();
  expect(versionsB.forOwner(id, farmer.id)).toBeUndefined();
  const after = await readServed(nodeB, id, feedPath);
  expect(after.pdfTag).not.toBe(before.pdfTag);
  expect(after.feedTag).not.toBe(before.feedTag);
  return { id, feedPath, before, after };
}

describe("a cached PDF and feed on another node", () => {
  it("come from memory: a change no trigger announces is not seen there", async () => {
    const { id, feedPath } = await saveCalendar();
    const first = await readServed(nodeB, id, feedPath);
    await changeUnannounced("UPDATE calendars SET vet_email_address = $1 WHERE id = $2", [
      "silent@bandonvets.example.ie",
      id,
    ]);
    await versionsB.sync();
    const again = await readServed(nodeB, id, feedPath);
    expect(again.pdfTag).toBe(first.pdfTag);
    expect(again.pdfText).not.toContain("silent@bandonvets.example.ie");
    // The node that reads the database (A has not cached this calendar) sees it.
    const fromA = await getPdf(nodeA.app, id);
    expect(readPdfText(fromA.rawPayload)).toContain("silent@bandonvets.example.ie");
  });

  it("change with a shot moved on another node", async () => {
    const moved = editCalendar(engineCalendar, "2026-04-09", "2026-06-18");
    const { after } = await expectChangeReachesNodeB(async (id) => {
      const payload = buildSubmitPayload(moved, undefined, { action: "update", calendarId: id });
      const saved = await nodeA.app.inject(
        asUser(farmer.token, { method: "PUT", url: `/api/calendar/${id}`, payload }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
    });
    expect(after.feed).toContain("20260409");
  });

  it("change with a shot marked as given on another node", async () => {
    const shot = engineCalendar.diseases
      .flatMap((column) => column.shots)
      .filter((candidate) => !candidate.isMirroredCopy && (candidate.date ?? "") >= testToday)
      .sort((left, right) => (left.date ?? "").localeCompare(right.date ?? ""))[0];
    const { after } = await expectChangeReachesNodeB(async (id) => {
      const marked = await nodeA.app.inject(
        asUser(farmer.token, {
          method: "PUT",
          url: `/api/calendars/${id}/given-shots/${encodeURIComponent(shot!.id)}`,
          payload: { batch: "LOT-7731" },
        }),
      );
      expect(marked.statusCode, marked.body).toBe(200);
    });
    expect(after.pdfText).toContain("LOT-7731");
  });

  it("change with the farm renamed, and with a vaccine renamed by an admin", async () => {
    const renamed = await expectChangeReachesNodeB(async () => {
      await nodeA.database.pool.query("UPDATE users SET farmer_name = $1 WHERE id = $2", [
        "Cnoc na Gréine Farm",
        farmer.id,
      ]);
    });
    expect(renamed.after.pdfText).toContain("Cnoc na Gréine Farm");

    const vaccine = await expectChangeReachesNodeB(async (id) => {
      await nodeA.database.pool.query(
        `UPDATE vaccines SET name = name || ' Plus' WHERE id = (
           SELECT vaccine_id FROM calendar_diseases
           WHERE calendar_id = $1 AND vaccine_id IS NOT NULL ORDER BY position LIMIT 1)`,
        [id],
      );
    });
    expect(vaccine.after.pdfText).toContain(" Plus");
  });

  it("change with the plan's shots rewritten alone (as a protocol update writes them)", async () => {
    await expectChangeReachesNodeB(async (id) => {
      const { rowCount } = await nodeA.database.pool.query(
        "UPDATE calendar_shots SET date = date + 7 WHERE calendar_id = $1",
        [id],
      );
      expect(rowCount).toBeGreaterThan(0);
    });
  });

  it("change with an edit by the linked vet on another node", async () => {
    await expectChangeReachesNodeB(async (id) => {
      const payload = buildSubmitPayload(engineCalendar, undefined, {
        action: "update",
        calendarId: id,
        contact: buildContact({ vet_email_address: "vet.edit@macroomvets.example.ie" }),
      });
      const saved = await nodeA.app.inject(
        asUser(vet.token, { method: "PUT", url: `/api/calendar/${id}`, payload }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
    });
  });

  it("stop at the old feed link once the links are regenerated on another node", async () => {
    const { id, feedPath } = await saveCalendar();
    await readServed(nodeB, id, feedPath);
    const response = await nodeA.app.inject(
      asUser(farmer.token, { method: "POST", url: `/api/calendars/${id}/feed/regenerate` }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { feedUrls } = RegenerateFeedResponseSchema.parse(response.json());
    await versionsB.sync();
    expect((await nodeB.inject({ method: "GET", url: feedPath })).statusCode).toBe(404);
    const renewed = await nodeB.inject({
      method: "GET",
      url: new URL(feedUrls.https).pathname,
    });
    expect(renewed.statusCode).toBe(200);
  });

  it("stop once the calendar is deleted on another node", async () => {
    const { id, feedPath } = await saveCalendar();
    await readServed(nodeB, id, feedPath);
    const deleted = await nodeA.app.inject(
      asUser(farmer.token, { method: "DELETE", url: `/api/calendars/${id}` }),
    );
    expect(deleted.statusCode).toBeLessThan(300);
    await versionsB.sync();
    expect((await getPdf(nodeB, id)).statusCode).toBe(404);
    expect((await nodeB.inject({ method: "GET", url: feedPath })).statusCode).toBe(404);
  });

  it("stop once the owner's account is deleted (its calendars go by cascade)", async () => {
    const leaving = await registerUser(nodeA.app);
    const response = await nodeA.app.inject(
      asUser(leaving.token, {
        method: "POST",
        url: "/api/calendar",
        payload: buildSubmitPayload(engineCalendar),
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { calendar } = SubmitCalendarResponseSchema.parse(response.json());
    const feedPath = new URL(requireFeedUrls(calendar).https).pathname;
    expect((await nodeB.inject({ method: "GET", url: feedPath })).statusCode).toBe(200);
    expect(
      versionsB.forFeedToken(hashFeedToken(/([^/]+)\.ics$/.exec(feedPath)![1]!)!),
    ).toBeDefined();
    await nodeA.database.pool.query("DELETE FROM users WHERE id = $1", [leaving.id]);
    await versionsB.sync();
    expect((await nodeB.inject({ method: "GET", url: feedPath })).statusCode).toBe(404);
  });

  it("stop for a vet whose practice the farmer unlinks, and the PDF drops the practice", async () => {
    const { id, feedPath } = await saveCalendar();
    const practiceName = (
      await nodeA.database.pool.query<{ name: string }>(
        "SELECT vet_practice_name AS name FROM vet_practices WHERE id = $1",
        [linkedPractice],
      )
    ).rows[0]!.name;
    const before = await readServed(nodeB, id, feedPath);
    expect(before.pdfText).toContain(practiceName);
    expect((await getPdf(nodeB, id, vet.token)).statusCode).toBe(200);
    try {
      await nodeA.database.pool.query("UPDATE users SET vet_practice_id = NULL WHERE id = $1", [
        farmer.id,
      ]);
      await versionsB.sync();
      expect((await getPdf(nodeB, id, vet.token)).statusCode).toBe(404);
      const after = await readServed(nodeB, id, feedPath);
      expect(after.pdfText).not.toContain(practiceName);
    } finally {
      await nodeA.database.pool.query("UPDATE users SET vet_practice_id = $1 WHERE id = $2", [
        linkedPractice,
        farmer.id,
      ]);
    }
  });

  it("are read from the database while the node cannot listen, and from memory again after", async () => {
    const { id, feedPath } = await saveCalendar();
    await readServed(nodeB, id, feedPath);
    expect(versionsB.forOwner(id, farmer.id)).toBeDefined();
    const dropsBefore = versionsB.describe().drops;
    await nodeA.database.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
      [listenerB],
    );
    await waitFor(() => versionsB.describe().drops > dropsBefore, "node B to lose its listener");
    // A change made while B is deaf, and never announced: B reads the database meanwhile.
    await changeUnannounced("UPDATE calendars SET vet_email_address = $1 WHERE id = $2", [
      "deaf@bandonvets.example.ie",
      id,
    ]);
    // B tries to listen again 1.5 s after losing the connection; meanwhile it is deaf.
    expect(versionsB.isListening()).toBe(false);
    const deaf = await readServed(nodeB, id, feedPath);
    expect(deaf.pdfText).toContain("deaf@bandonvets.example.ie");
    expect(versionsB.forOwner(id, farmer.id)).toBeUndefined();
    await waitFor(() => versionsB.isListening(), "node B to listen again");
    // Dropped again on reconnecting: the unannounced change is served, then kept.
    const back = await readServed(nodeB, id, feedPath);
    expect(back.pdfText).toContain("deaf@bandonvets.example.ie");
    expect(versionsB.forOwner(id, farmer.id)).toBeDefined();
  });

  it("never keep a version read before a change that was announced while it was in flight", async () => {
    const { id, feedPath } = await saveCalendar();
    await readServed(nodeB, id, feedPath);
    const version = versionsB.forOwner(id, farmer.id)!;
    await versionsB.sync();
    const inFlight = versionsB.beginRead();
    await nodeA.database.pool.query("UPDATE calendars SET vet_email_address = $1 WHERE id = $2", [
      "race@bandonvets.example.ie",
      id,
    ]);
    await versionsB.sync();
    versionsB.keep(inFlight, version);
    expect(versionsB.forOwner(id, farmer.id)).toBeUndefined();
    // A read that began after the announcement is kept.
    const later = versionsB.beginRead();
    versionsB.keep(later, version);
    expect(versionsB.forOwner(id, farmer.id)).toBe(version);
  });
});

describe("what is announced", () => {
  it("nothing for a new calendar: a save takes no notify lock (decision 702's group commit)", async () => {
    const listener = new pg.Client({ connectionString: nodeA.database.connectionString });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(message.payload ?? ""));
    try {
      await listener.query("LISTEN calendar_renders_changed");
      const { id } = await saveCalendar();
      await listener.query("SELECT 1");
      expect(heard).toEqual([]);
      // An edit of that calendar is announced, once, with its id.
      await nodeA.database.pool.query(
        "UPDATE calendar_shots SET date = date + 1 WHERE calendar_id = $1",
        [id],
      );
      await listener.query("SELECT 1");
      expect(heard).toEqual([String(id)]);
    } finally {
      await listener.end();
    }
  });
});

describe("the node that made the change", () => {
  it("serves the change at its very next request, before any notification", async () => {
    const { id, feedPath } = await saveCalendar();
    const before = await readServed(nodeA.app, id, feedPath);
    const deleted = await nodeA.app.inject(
      asUser(farmer.token, {
        method: "PUT",
        url: `/api/calendars/${id}/given-shots/${encodeURIComponent(
          engineCalendar.diseases[0]!.shots.find((shot) => !shot.isMirroredCopy)!.id,
        )}`,
        payload: { batch: "LOT-9001", given_on: testToday },
      }),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await readServed(nodeA.app, id, feedPath);
    expect(after.pdfTag).not.toBe(before.pdfTag);
  });
});

describe("the feed's encodings", () => {
  it("each have their own strong ETag, and a revalidation of each gets 304", async () => {
    const { feedPath } = await saveCalendar();
    const tags = new Map<string, string>();
    for (const [encoding, suffix] of [
      ["br", '-br"'],
      ["gzip", '-gz"'],
      ["identity", '"'],
    ] as const) {
      const response = await nodeB.inject({
        method: "GET",
        url: feedPath,
        headers: { "accept-encoding": encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(
        encoding === "identity" ? undefined : encoding,
      );
      const etag = String(response.headers.etag);
      expect(etag.endsWith(suffix)).toBe(true);
      tags.set(encoding, etag);
    }
    expect(new Set(tags.values()).size).toBe(3);
    for (const [encoding, etag] of tags) {
      const revalidated = await nodeB.inject({
        method: "GET",
        url: feedPath,
        headers: { "accept-encoding": encoding, "if-none-match": etag },
      });
      expect(revalidated.statusCode, encoding).toBe(304);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers.vary).toBe("accept-encoding");
    }
    // A gzip copy's tag does not revalidate the Brotli bytes.
    const other = await nodeB.inject({
      method: "GET",
      url: feedPath,
      headers: { "accept-encoding": "br", "if-none-match": tags.get("gzip")! },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).toBe(tags.get("br"));
  });
});

describe("the feed's fetch count", () => {
  it("is counted in memory and written in one statement at the next flush", async () => {
    const rule = { name: "calendar-feed-test", limit: 60, windowMs: 3_600_000 };
    // A flush that waits far longer than the test, so only the explicit one writes.
    const counts = createFeedFetchCounts({ db: nodeA.database.db, clock, rule, flushMs: 600_000 });
    const subject = `subject-${Math.random()}`;
    const readHits = async () =>
      (
        await nodeA.database.pool.query<{ hits: number }>(
          "SELECT hits FROM rate_limits WHERE key = $1",
          [toRateLimitKey(rule, subject)],
        )
      ).rows[0]?.hits;
    for (let fetch = 0; fetch < 5; fetch += 1) {
      expect((await counts.count(subject)).isAllowed).toBe(true);
    }
    // The first fetch counted in the database at once, the next four in memory.
    expect(await readHits()).toBe(1);
    await counts.close();
    expect(await readHits()).toBe(5);
  });

  it("reaches the database within a few seconds when fetched through the feed", async () => {
    const { feedPath } = await saveCalendar();
    for (let fetch = 0; fetch < 5; fetch += 1) {
      expect((await nodeB.inject({ method: "GET", url: feedPath })).statusCode).toBe(200);
    }
    const token = /([^/]+)\.ics$/.exec(feedPath)![1]!;
    const key = toRateLimitKey(
      { name: "calendar-feed", limit: 60, windowMs: 3_600_000 },
      hashFeedToken(token)!,
    );
    const readHits = async () =>
      (
        await nodeA.database.pool.query<{ hits: number }>(
          "SELECT hits FROM rate_limits WHERE key = $1",
          [key],
        )
      ).rows[0]?.hits;
    const deadline = Date.now() + 10_000;
    while ((await readHits()) !== 5 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await readHits()).toBe(5);
  });
});

describe("the bound on memory (issue 28, item 8)", () => {
  it("lets the least recently asked calendar go first, and its feed token with it", async () => {
    const versions = createRenderVersions(nodeA.database, {
      maxBytes: 2 * renderVersionEntryBytes,
      name: "vaxcal-listen-renders-bound",
    });
    try {
      await waitFor(() => versions.isListening(), "the bounded versions to listen");
      const keep = (calendarId: number) =>
        versions.keep(
          versions.beginRead(),
          { calendarId, ownerId: farmer.id, version: `v${calendarId}` },
          `token-${calendarId}`,
        );
      keep(1);
      keep(2);
      // Asked for again: calendar 1 is now the more recently used of the two.
      expect(versions.forFeedToken("token-1")?.calendarId).toBe(1);
      keep(3);

      expect(versions.forOwner(2, farmer.id)).toBeUndefined();
      expect(versions.forFeedToken("token-2")).toBeUndefined();
      expect(versions.forFeedToken("token-1")?.version).toBe("v1");
      expect(versions.forOwner(3, farmer.id)?.version).toBe("v3");
      const report = versions.describe();
      expect(report).toMatchObject({ entries: 2, feedTokens: 2, maxBytes: 800 });
      expect(report.bytes).toBeLessThanOrEqual(report.maxBytes);
      expect(report.hits).toBe(3);
      expect(report.misses).toBe(2);
    } finally {
      await versions.close();
    }
  });
});
