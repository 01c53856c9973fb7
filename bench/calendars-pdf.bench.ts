// PDF rendering: median and p95 of renderCalendarPdf for a 3-year calendar with 6 diseases (on
// one thread), then GET /api/calendars/:id/download at 50 connections next to a Fastify
// hello-world measured in the same run. Exits 1 when the median is over the 50 ms target.
// Run: npm run bench:calendars-pdf -w @vaxcal/bench
import PDFDocument from "pdfkit";
import { Bench } from "tinybench";
import { renderCalendarPdf } from "../apps/server/src/modules/calendars/render-calendar-pdf.ts";
import { buildCalendarPrintout } from "../apps/server/src/modules/calendars/calendar-document.ts";
import {
  buildEngineCalendar,
  buildSampleCalendarDocument,
  buildSubmitPayload,
  dairySpringCows,
  listOfferedDiseaseIds,
} from "../apps/server/src/modules/calendars/calendars.test-support.ts";
import {
  appSecret,
  connections,
  describeMachine,
  formatNumber,
  measureHelloWorld,
  printLoadTable,
  registerFarmer,
  runLoad,
  runSeconds,
  startBenchDatabase,
  startServer,
} from "./calendars-harness.ts";

const targetMedianMs = 50;

/** The smallest PDF pdfkit makes: one page, one line in a base font. The floor of any render. */
function renderOneLinePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", layout: "landscape" });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
  });
  doc.text("VaxCal");
  doc.end();
  return done;
}

const document = buildSampleCalendarDocument();
const printout = buildCalendarPrintout(document, "2026-03-02");
const years = new Set(
  printout.columns.flatMap((column) => column.shots.map((shot) => shot.date.slice(0, 4))).sort(),
);
const sample = await renderCalendarPdf(printout);

const tasks = {
  calendar: "renderCalendarPdf (3 years, 6 diseases)",
  floor: "one-line PDF (floor)",
};
const bench = new Bench({ time: 5_000, warmupTime: 1_000 });
bench.add(tasks.calendar, () => renderCalendarPdf(printout)).add(tasks.floor, renderOneLinePdf);
await bench.warmup();
await bench.run();

function readPercentile(name: string, fraction: number): number {
  const samples = [...(bench.getTask(name)?.result?.samples ?? [])].sort((a, b) => a - b);
  return samples[Math.min(samples.length - 1, Math.floor(samples.length * fraction))] ?? Number.NaN;
}

const benchDatabase = await startBenchDatabase();
let hello;
let downloads;
try {
  hello = await measureHelloWorld();
  const server = await startServer({ kind: "app", databaseUrl: benchDatabase.url, appSecret });
  try {
    const token = await registerFarmer(server.url, "Ó Súilleabháin's Farm, Dún Laoghaire");
    const payload = buildSubmitPayload(
      buildEngineCalendar(dairySpringCows, listOfferedDiseaseIds(dairySpringCows.animalId, 6)),
    );
    const saved = await fetch(`${server.url}/api/calendar`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(payload),
    });
    const { calendar } = (await saved.json()) as { calendar: { id: number; downloadUrl: string } };
    downloads = await runLoad(
      {
        url: `${server.url}${calendar.downloadUrl}`,
        headers: { authorization: `Bearer ${token}` },
      },
      "GET /api/calendars/:id/download",
    );
  } finally {
    await server.stop();
  }
} finally {
  await benchDatabase.stop();
}

const median = readPercentile(tasks.calendar, 0.5);
console.log(describeMachine());
console.log(
  `Sample: ${printout.columns.length} diseases, ${years.size} years (${[...years].join(", ")}), ${printout.columns.reduce((count, column) => count + column.shots.length, 0)} shots, ${formatNumber(sample.length)} bytes\n`,
);
console.log("| render | median (ms) | p95 (ms) | per second |");
console.log("| --- | ---: | ---: | ---: |");
for (const name of [tasks.calendar, tasks.floor]) {
  const result = bench.getTask(name)?.result;
  console.log(
    `| ${name} | ${readPercentile(name, 0.5).toFixed(1)} | ${readPercentile(name, 0.95).toFixed(1)} | ${formatNumber(result?.hz ?? 0)} |`,
  );
}
console.log(`\n${connections} connections, ${runSeconds} s each\n`);
printLoadTable(hello, [["GET /api/calendars/:id/download (PDF)", downloads]], 4);
console.log(`\nMedian render ${median.toFixed(1)} ms; target ${targetMedianMs} ms.`);
if (!(median <= targetMedianMs)) {
  console.error(`Median render is over the ${targetMedianMs} ms target.`);
  process.exit(1);
}
