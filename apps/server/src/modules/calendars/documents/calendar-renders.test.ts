import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  SubmitCalendarResponseSchema,
  calendarMessages,
  type SubmitCalendarRequest,
} from "@vaxcal/contracts";
import type { Calendar } from "@vaxcal/schedule";
import Fastify, { type FastifyInstance } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installErrorHandler } from "../../../errors/error-handler.ts";
import { asUser, registerUser, type RegisteredUser } from "../../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildCalendarPrintout } from "./calendar-document.ts";
import { createCalendarRenders, type CalendarRenders } from "./calendar-renders.ts";
import { calendarsRoutes } from "../calendars.plugin.ts";
import {
  buildContact,
  buildEngineCalendar,
  buildSampleCalendarDocument,
  buildSubmitPayload,
  createVetUser,
  readPdfText,
  testToday,
  requireFeedUrls,
} from "../../../test/calendars.ts";
import { renderCalendarPdf } from "./render-calendar-pdf.ts";

/*
 * Decision 704: the PDF and the feed are rendered once per render version, in a worker pool, and
 * served from memory with a strong ETag. Every download here goes through the calendar routes
 * with renders of the test's own (their worker can be made to fail), over the test app's database,
 * so the test can count renders. Whatever changes what a PDF prints makes a new one.
 */

const publicUrl = "https://vaxcal.example.ie";
const linkedPractice = 1;
const startOfTest = new Date(`${testToday}T10:00:00Z`);
let now = startOfTest;
let testApp: TestApp;
let routesApp: FastifyInstance;
let renders: CalendarRenders;
let farmer: RegisteredUser;
let otherFarmer: RegisteredUser;
let vetToken = "";
const failureFolder = mkdtempSync(path.join(tmpdir(), "vaxcal-render-fails-"));
const failureMarker = path.join(failureFolder, "fail");
const engineCalendar = buildEngineCalendar();

beforeAll(async () => {
  // Read by the worker threads, which copy the environment when the pool starts them.
  process.env.VAXCAL_TEST_RENDER_FAILS = failureMarker;
  testApp = await createTestApp({ publicUrl }, () => now);
  farmer = await registerUser(testApp.app, {
    farmer_name: "Ó Súilleabháin's Farm",
    vet_id: linkedPractice,
  });
  otherFarmer = await registerUser(testApp.app);
  vetToken = (await createVetUser(testApp.database.db, linkedPractice, now)).token;
  renders = createCalendarRenders({
    host: new URL(publicUrl).host,
    workerUrl: new URL("./render-worker.fails-on-demand.test-support.ts", import.meta.url),
    maxThreads: 2,
  });
  routesApp = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  routesApp.setValidatorCompiler(validatorCompiler);
  routesApp.setSerializerCompiler(serializerCompiler);
  installErrorHandler(routesApp);
  await routesApp.register(calendarsRoutes, {
    db: testApp.database.db,
    clock: () => now,
    secret: "a-test-secret",
    publicUrl,
    renders,
  });
});
afterAll(async () => {
  await routesApp.close();
  await renders.close();
  await testApp.close();
  rmSync(failureFolder, { recursive: true, force: true });
});
beforeEach(() => {
  now = startOfTest;
});

async function saveCalendar(
  payload: SubmitCalendarRequest = buildSubmitPayload(engineCalendar),
): Promise<{ id: number; feedPath: string }> {
  const response = await testApp.app.inject(
    asUser(farmer.token, { method: "POST", url: "/api/calendar", payload }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const { calendar } = SubmitCalendarResponseSchema.parse(response.json());
  return { id: calendar.id, feedPath: new URL(requireFeedUrls(calendar).https).pathname };
}

function download(id: number, token = farmer.token, headers: Record<string, string> = {}) {
  return routesApp.inject(
    asUser(token, { method: "GET", url: `/api/calendars/${id}/download`, headers }),
  );
}

async function downloadPdf(id: number) {
  const response = await download(id);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  return { etag: String(response.headers.etag), body: response.rawPayload };
}

/** The first dated shot of the plan in the printed months (March 2026 on). */
function findShotToMark(calendar: Calendar) {
  const shot = calendar.diseases
    .flatMap((column) => column.shots)
    .filter((candidate) => !candidate.isMirroredCopy && (candidate.date ?? "") >= testToday)
    .sort((left, right) => (left.date ?? "").localeCompare(right.date ?? ""))[0];
  if (!shot?.date) throw new Error("no shot to mark");
  return { id: shot.id, date: shot.date };
}

function markGiven(id: number, shotId: string, batch: string) {
  return testApp.app.inject(
    asUser(farmer.token, {
      method: "PUT",
      url: `/api/calendars/${id}/given-shots/${encodeURIComponent(shotId)}`,
      payload: { batch },
    }),
  );
}

describe("a PDF is rendered once per version", () => {
  it("a second download is the same bytes from the cache; a revalidation is an empty 304", async () => {
    const { id } = await saveCalendar();
    const before = renders.describeCache().renders;
    const first = await downloadPdf(id);
    const second = await downloadPdf(id);
    expect(renders.describeCache().renders).toBe(before + 1);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.etag).toBe(first.etag);
    // A strong ETag: the same tag is the same bytes.
    expect(first.etag).toMatch(/^"pdf-\d+-[\w-]+"$/);

    for (const ifNoneMatch of [first.etag, `W/"stale", ${first.etag}`, `W/${first.etag}`, "*"]) {
      const revalidated = await download(id, farmer.token, { "if-none-match": ifNoneMatch });
      expect(revalidated.statusCode, ifNoneMatch).toBe(304);
      expect(revalidated.body).toBe("");
      expect(revalidated.headers.etag).toBe(first.etag);
    }
    const changed = await download(id, farmer.token, { "if-none-match": '"pdf-1-old"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.body)).toBe(true);
    expect(renders.describeCache().renders).toBe(before + 1);
  });

  it("downloads of one uncached version at once share one render", async () => {
    const { id } = await saveCalendar();
    const before = renders.describeCache().renders;
    const responses = await Promise.all(Array.from({ length: 6 }, () => download(id)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(responses.map((response) => response.headers.etag)).size).toBe(1);
    const [first] = responses;
    for (const response of responses)
      expect(response.rawPayload.equals(first!.rawPayload)).toBe(true);
    expect(renders.describeCache().renders).toBe(before + 1);
  });

  it("the worker pool draws a real PDF: its text, and its first page as an image", async () => {
    const { id } = await saveCalendar();
    const { body } = await downloadPdf(id);
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
    const text = readPdfText(body);
    expect(text).toContain("Ó Súilleabháin's Farm");
    expect(text).toContain("Generated on 2 March 2026");
    const folder = mkdtempSync(path.join(tmpdir(), "vaxcal-pdf-page-"));
    try {
      const file = path.join(folder, "calendar.pdf");
      writeFileSync(file, body);
      execFileSync("pdftoppm", [
        "-png",
        "-r",
        "30",
        "-f",
        "1",
        "-l",
        "1",
        file,
        path.join(folder, "page"),
      ]);
      const page = readdirSync(folder).find((name) => name.endsWith(".png"));
      expect(page).toBeDefined();
      const png = readFileSync(path.join(folder, page!));
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      expect(png.length).toBeGreaterThan(2_000);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("the same calendar printed the same day is the same bytes, whatever the hour", async () => {
    const printout = buildCalendarPrintout(buildSampleCalendarDocument(), testToday);
    const first = await renderCalendarPdf(printout);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await renderCalendarPdf(printout)).equals(first)).toBe(true);
  });
});

/** The grid's month rows: each starts its line with the month's name (pdftotext -layout). */
function countMonthRows(pdf: Buffer): number {
  const monthNames =
    "January|February|March|April|May|June|July|August|September|October|November|December";
  return readPdfText(pdf).match(new RegExp(`^ {0,4}(${monthNames})(?= |$)`, "gm"))?.length ?? 0;
}

function downloadMonths(id: number, months: string, headers: Record<string, string> = {}) {
  return routesApp.inject(
    asUser(farmer.token, {
      method: "GET",
      url: `/api/calendars/${id}/download?months=${encodeURIComponent(months)}`,
      headers,
    }),
  );
}

describe("the farmer chooses 12, 24 or 36 months (issue 25, item 7)", () => {
  it("12 by default; ?months=24 and ?months=36 print 24 and 36 months", async () => {
    const { id } = await saveCalendar();
    expect(countMonthRows((await downloadPdf(id)).body)).toBe(12);
    for (const months of [12, 24, 36]) {
      const response = await downloadMonths(id, String(months));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(countMonthRows(response.rawPayload), `${months} months`).toBe(months);
    }
  });

  it("anything else is a 400 with a clear message, and nothing is rendered", async () => {
    const { id } = await saveCalendar();
    const before = renders.describeCache().renders;
    for (const months of ["5", "abc", "", "12.0", "48", "24&months=36"]) {
      const response = await downloadMonths(id, months);
      expect(response.statusCode, months).toBe(400);
      expect(response.json().error.message, months).toBe(calendarMessages.pdfMonthsInvalid);
    }
    expect(renders.describeCache().renders).toBe(before);
  });

  it("the cached 12-month PDF is not served for 24, nor its ETag answered with a 304", async () => {
    const { id } = await saveCalendar();
    const twelve = await downloadPdf(id);
    const before = renders.describeCache().renders;
    const revalidated = await downloadMonths(id, "24", { "if-none-match": twelve.etag });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.headers.etag).not.toBe(twelve.etag);
    expect(revalidated.rawPayload.equals(twelve.body)).toBe(false);
    expect(countMonthRows(revalidated.rawPayload)).toBe(24);
    expect(renders.describeCache().renders).toBe(before + 1);
    // Each length is then served from the cache.
    expect((await downloadMonths(id, "24")).headers.etag).toBe(revalidated.headers.etag);
    expect((await download(id)).headers.etag).toBe(twelve.etag);
    expect(renders.describeCache().renders).toBe(before + 1);
  });
});

describe("whatever a PDF prints, changed, makes a new PDF", () => {
  it("an edit of the calendar", async () => {
    const { id } = await saveCalendar();
    const first = await downloadPdf(id);
    expect(readPdfText(first.body)).toContain("clinic@macroomvets.example.ie");
    const payload = buildSubmitPayload(engineCalendar, undefined, {
      action: "update",
      calendarId: id,
      contact: buildContact({ vet_email_address: "newvet@bandonvets.example.ie" }),
    });
    const saved = await testApp.app.inject(
      asUser(farmer.token, { method: "PUT", url: `/api/calendar/${id}`, payload }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // The old tag is no longer current: the revalidation gets the new PDF.
    const edited = await download(id, farmer.token, { "if-none-match": first.etag });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(first.etag);
    expect(readPdfText(edited.rawPayload)).toContain("newvet@bandonvets.example.ie");
  });

  it("a shot marked as given, and its undo, which brings the first PDF back from the cache", async () => {
    const { id } = await saveCalendar();
    const shot = findShotToMark(engineCalendar);
    const first = await downloadPdf(id);
    expect(readPdfText(first.body)).not.toContain("LOT-4471");
    const marked = await markGiven(id, shot.id, "LOT-4471");
    expect(marked.statusCode, marked.body).toBe(200);
    const given = await downloadPdf(id);
    expect(given.etag).not.toBe(first.etag);
    expect(readPdfText(given.body)).toContain("LOT-4471");

    const undone = await testApp.app.inject(
      asUser(farmer.token, {
        method: "DELETE",
        url: `/api/calendars/${id}/given-shots/${encodeURIComponent(shot.id)}`,
      }),
    );
    expect(undone.statusCode).toBe(204);
    const before = renders.describeCache().renders;
    const back = await downloadPdf(id);
    expect(back.etag).toBe(first.etag);
    expect(back.body.equals(first.body)).toBe(true);
    expect(renders.describeCache().renders).toBe(before);
  });

  it("a new month at midnight in Dublin (summer time), not at midnight UTC", async () => {
    const { id } = await saveCalendar();
    // 22:59 UTC on 31 March 2026 is 23:59 Irish summer time: still March.
    now = new Date("2026-03-31T22:59:00Z");
    const march = await downloadPdf(id);
    const marchText = readPdfText(march.body);
    expect(marchText).toContain("Generated on 31 March 2026");
    expect(marchText).toMatch(/\d+ Mar 2026/);
    now = new Date("2026-03-31T23:00:00Z");
    const april = await downloadPdf(id);
    expect(april.etag).not.toBe(march.etag);
    const aprilText = readPdfText(april.body);
    expect(aprilText).toContain("Generated on 1 April 2026");
    // The checklist starts with April: March's shots are next year's now.
    expect(aprilText).not.toMatch(/\d+ Mar 2026/);
    expect(aprilText).toMatch(/\d+ Mar 2027/);
  });

  it("the linked practice renamed, and a vaccine renamed by an admin", async () => {
    const { id } = await saveCalendar();
    const first = await downloadPdf(id);
    const { pool } = testApp.database;
    const {
      rows: [practice],
    } = await pool.query<{ name: string }>(
      "SELECT vet_practice_name AS name FROM vet_practices WHERE id = $1",
      [linkedPractice],
    );
    expect(readPdfText(first.body)).toContain(practice!.name);
    await pool.query("UPDATE vet_practices SET vet_practice_name = $1 WHERE id = $2", [
      "Bandon Mart Veterinary",
      linkedPractice,
    ]);
    const renamed = await downloadPdf(id);
    expect(renamed.etag).not.toBe(first.etag);
    expect(readPdfText(renamed.body)).toContain("Bandon Mart Veterinary");

    const {
      rows: [vaccine],
    } = await pool.query<{ id: number }>(
      `SELECT vaccine_id AS id FROM calendar_diseases
       WHERE calendar_id = $1 AND vaccine_id IS NOT NULL ORDER BY position LIMIT 1`,
      [id],
    );
    await pool.query("UPDATE vaccines SET name = $1 WHERE id = $2", [
      "Renamedvax Plus",
      vaccine!.id,
    ]);
    const vaccineRenamed = await downloadPdf(id);
    expect(vaccineRenamed.etag).not.toBe(renamed.etag);
    expect(readPdfText(vaccineRenamed.body)).toContain("Renamedvax Plus");
  });
});

describe("the feed is cached per version too", () => {
  it("the same bytes and ETag again, a 304 on revalidation, and a new feed once a shot is given", async () => {
    const { id, feedPath } = await saveCalendar();
    const fetchFeed = (headers: Record<string, string> = {}) =>
      routesApp.inject({ method: "GET", url: feedPath, headers });
    const first = await fetchFeed();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toContain("BEGIN:VCALENDAR");
    const before = renders.describeCache().renders;
    const second = await fetchFeed();
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(renders.describeCache().renders).toBe(before);
    const revalidated = await fetchFeed({ "if-none-match": String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");

    const shot = findShotToMark(engineCalendar);
    expect((await markGiven(id, shot.id, "LOT-9902")).statusCode).toBe(200);
    const given = await fetchFeed({ "if-none-match": String(first.headers.etag) });
    expect(given.statusCode).toBe(200);
    expect(given.headers.etag).not.toBe(first.headers.etag);
    expect(given.body).toContain("Batch: LOT-9902");
  });
});

describe("the feed's encodings are made once, when it is rendered", () => {
  it("Brotli or gzip by Accept-Encoding, the same text, an ETag per encoding, Vary on every answer", async () => {
    const { feedPath } = await saveCalendar();
    // The whole app, whose response compression must leave an encoded feed alone.
    const fetchFeed = (headers: Record<string, string> = {}) =>
      testApp.app.inject({ method: "GET", url: feedPath, headers });
    const plain = await fetchFeed();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(plain.body).toContain("BEGIN:VCALENDAR");

    const brotli = await fetchFeed({ "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    // Other bytes, so another strong ETag (decision 705): the plain one with -br.
    expect(brotli.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-br"'));
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(brotli.rawPayload).toString("utf8")).toBe(plain.body);

    const gzipped = await fetchFeed({ "accept-encoding": "gzip;q=1, br;q=0" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString("utf8")).toBe(plain.body);
    expect(gzipped.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-gz"'));

    const identity = await fetchFeed({ "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(plain.body);

    const revalidated = await fetchFeed({
      "accept-encoding": "br",
      "if-none-match": String(brotli.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.vary).toMatch(/accept-encoding/i);
    // The plain bytes' tag does not stand for the Brotli bytes.
    const plainTag = await fetchFeed({
      "accept-encoding": "br",
      "if-none-match": String(plain.headers.etag),
    });
    expect(plainTag.statusCode).toBe(200);
  });

  it("a PDF goes out as it is, never compressed again", async () => {
    const { id } = await saveCalendar();
    const response = await download(id, farmer.token, { "accept-encoding": "br, gzip" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});

describe("the preview's ETag is the render version too", () => {
  it("a 304 while nothing printed changed; a vaccine's colour changed by an admin is a new preview", async () => {
    const { id } = await saveCalendar();
    const fetchPreview = (headers: Record<string, string> = {}) =>
      routesApp.inject(
        asUser(farmer.token, { method: "GET", url: `/api/calendars/${id}/preview.svg`, headers }),
      );
    const first = await fetchPreview();
    expect(first.statusCode, first.body).toBe(200);
    const etag = String(first.headers.etag);
    expect((await fetchPreview({ "if-none-match": etag })).statusCode).toBe(304);

    const { pool } = testApp.database;
    const {
      rows: [vaccine],
    } = await pool.query<{ id: number }>(
      `SELECT vaccine_id AS id FROM calendar_diseases
       WHERE calendar_id = $1 AND vaccine_id IS NOT NULL ORDER BY position LIMIT 1`,
      [id],
    );
    await pool.query("UPDATE vaccines SET accent_color = '1,2,3' WHERE id = $1", [vaccine!.id]);
    const recoloured = await fetchPreview({ "if-none-match": etag });
    expect(recoloured.statusCode).toBe(200);
    expect(recoloured.headers.etag).not.toBe(etag);
    expect(recoloured.body).toContain('fill="rgb(1,2,3)"');
    const stranger = await routesApp.inject(
      asUser(otherFarmer.token, {
        method: "GET",
        url: `/api/calendars/${id}/preview.svg`,
        headers: { "if-none-match": String(recoloured.headers.etag) },
      }),
    );
    expect(stranger.statusCode).toBe(404);
  });
});

describe("access is checked before the cache is looked at", () => {
  it("someone else's id is a 404, even with the owner's current ETag; the linked vet gets the cached bytes", async () => {
    const { id } = await saveCalendar();
    const owners = await downloadPdf(id);
    const before = renders.describeCache().renders;
    const stranger = await download(id, otherFarmer.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers["content-type"]).toMatch(/^application\/json/);
    const guessing = await download(id, otherFarmer.token, { "if-none-match": owners.etag });
    expect(guessing.statusCode).toBe(404);
    expect(guessing.headers.etag).toBeUndefined();
    const vet = await download(id, vetToken);
    expect(vet.statusCode).toBe(200);
    expect(vet.rawPayload.equals(owners.body)).toBe(true);
    expect(renders.describeCache().renders).toBe(before);
  });
});

describe("a render that fails in the worker", () => {
  it("is a clear 500, and the next request renders again instead of getting the failure", async () => {
    const { id } = await saveCalendar();
    const cached = renders.describeCache().entries;
    writeFileSync(failureMarker, "");
    let failed;
    try {
      failed = await download(id);
    } finally {
      rmSync(failureMarker, { force: true });
    }
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      error: {
        code: "INTERNAL",
        message: expect.stringMatching(
          /^Something went wrong on our side\. Please try again later\./,
        ),
      },
    });
    expect(failed.headers.etag).toBeUndefined();
    expect(renders.describeCache().entries).toBe(cached);

    const retried = await downloadPdf(id);
    expect(readPdfText(retried.body)).toContain("Ó Súilleabháin's Farm");
    expect(renders.describeCache().entries).toBe(cached + 1);
  });
});
