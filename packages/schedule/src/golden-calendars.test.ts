import { EnterpriseId, referenceDataWithWindows as referenceData } from "@vaxcal/reference-data";
import { describe, expect, it } from "vitest";
import { checkProtocol } from "./check-protocol.ts";
import {
  buildDefault,
  listAvoidableWarnings,
  offeredDiseases,
  type Combination,
} from "./default-calendar.fixtures.ts";
import { toDayNumber, type IsoDate } from "./iso-date.ts";
import type { Calendar, HerdStatus, Shot } from "./schedule.types.ts";

/*
 * Golden calendars: for every seeded combination, the default calendar of step 1 and step 2
 * (season defaults judged by the season's shots, every offered disease ticked) with today fixed
 * on four dates a season apart, written out as Markdown under packages/schedule/golden/. A change
 * to a protocol or to the date rules shows up as a diff of those files, for a reviewer to read
 * as a vet would. Update them with `npx vitest run packages/schedule -u` (see the README).
 */

/*
 * Six todays a year, the awkward ones among them (issue 24, item 9): 1 January (spring calvers'
 * pre-calving doses due now), mid-February (calves being born), mid-May, mid-August, 1 September
 * (weanlings and tupping) and mid-November.
 */
const todays = [
  "2027-01-01",
  "2027-02-15",
  "2027-05-15",
  "2027-08-15",
  "2027-09-01",
  "2027-11-15",
] as const;
/** The today of the section for a herd that has not had its primary courses. */
const unprimedToday = todays[0];

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
const MONDAY = toDayNumber("2024-01-01");

function formatDay(date: IsoDate | null): string {
  if (date === null) return "none";
  const weekday = WEEKDAYS[(((toDayNumber(date) - MONDAY) % 7) + 7) % 7];
  return `${date} (${weekday})`;
}

function formatRepeats(isRecurrent: number): string {
  if (isRecurrent === 0) return "once";
  if (isRecurrent === 1) return "every year";
  return `every ${isRecurrent} years`;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function findName(list: readonly { id: number; name: string }[], id: number | null | undefined) {
  const found = list.find((item) => item.id === id);
  if (found === undefined) throw new Error(`No seeded item ${String(id)}`);
  return found.name;
}

/** A Markdown table laid out as prettier lays it out, so the files pass `prettier --check`. */
function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((cell, index) =>
    Math.max(3, cell.length, ...rows.map((row) => (row[index] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)];
}

/** Every herd status question of the animal answered "No, not yet". */
function unprimedHerdStatus(animalId: number): Record<string, HerdStatus> {
  const herdStatus: Record<string, HerdStatus> = {};
  for (const disease of offeredDiseases(animalId)) {
    const offer = disease.animals.find((candidate) => candidate.animal_id === animalId);
    if (offer?.herd_status_question) herdStatus[String(disease.id)] = "unprimed";
  }
  return herdStatus;
}

function formatSeasonTiming(shot: Shot): string {
  const timing = shot.seasonTiming;
  if (timing === undefined) return "";
  const window = `${timing.window.from} to ${timing.window.to}`;
  if (timing.courseFromToday) return ` STARTED FROM TODAY (may wait to ${timing.window.to})`;
  return timing.state === "dueNow" ? ` DUE NOW (window ${window})` : ` MISSED (window ${window})`;
}

function renderCalendar(calendar: Calendar, heading: string, note?: string): string[] {
  const { today, setup } = calendar;
  const lines = [
    `## ${heading}`,
    "",
    ...(note === undefined ? [] : [note, ""]),
    `Birth: ${formatDay(setup.birthDate)}${
      setup.birthEndDate ? ` to ${formatDay(setup.birthEndDate)} (the season's usual block)` : ""
    }. Breeding: ${formatDay(setup.breedingDate)}.`,
    "",
  ];
  const columnOrder = new Map(calendar.diseases.map((column, index) => [column.diseaseId, index]));
  const firsts = calendar.diseases
    .flatMap((column) =>
      column.shots
        .filter((shot) => !shot.isMirroredCopy)
        .map((shot) => ({ shot, vaccine: column.vaccine?.name ?? "none" })),
    )
    .sort(
      (a, b) =>
        (a.shot.date ?? "").localeCompare(b.shot.date ?? "") ||
        columnOrder.get(a.shot.diseaseId)! - columnOrder.get(b.shot.diseaseId)!,
    );
  if (firsts.length === 0) {
    lines.push("No shots.", "");
  } else {
    const rows = firsts.map(({ shot, vaccine }) => [
      formatDay(shot.date) +
        (shot.date !== null && shot.date < today ? " PAST" : "") +
        formatSeasonTiming(shot),
      findName(referenceData.diseases, shot.diseaseId),
      vaccine,
      shot.custom_name ?? "",
      formatRepeats(shot.is_recurrent),
    ]);
    lines.push(...renderTable(["Date", "Disease", "Vaccine", "Shot", "Repeats"], rows), "");
  }
  const unscheduled = calendar.diseases
    .filter((column) => column.hasNoFixedSchedule)
    .map(
      (column) =>
        `${findName(referenceData.diseases, column.diseaseId)} (${column.vaccine?.name ?? "no vaccine"})`,
    );
  lines.push(`No fixed schedule: ${unscheduled.length === 0 ? "none" : unscheduled.join(", ")}.`);
  lines.push("");
  const warnings = checkProtocol(calendar, { shotTemplates: referenceData.shotTemplates });
  if (warnings.length === 0) {
    lines.push("Protocol warnings: none.", "");
  } else {
    lines.push("Protocol warnings:", "");
    for (const warning of warnings) {
      lines.push(`- ${warning.rule} (${warning.source}): ${warning.message}`);
    }
    lines.push("");
  }
  return lines;
}

function renderCombination(combination: Combination): { fileName: string; text: string } {
  const enterprise = findName(referenceData.enterprises, combination.enterprise_id);
  const season = findName(referenceData.seasons, combination.season_id);
  const animal = findName(referenceData.animals, combination.animal_id);
  const title = `${enterprise}, ${season}, ${animal}`;
  const fileName = `${String(combination.id).padStart(2, "0")}-${slugify(title)}.md`;
  const lines = [
    `# ${combination.id}. ${title}`,
    "",
    "The default calendar of step 1 and step 2 with every offered disease ticked and the season's",
    "usual calving or lambing block (docs/decisions/416), generated by",
    "`packages/schedule/src/golden-calendars.test.ts`. Each table lists the first occurrences;",
    "a shot that repeats comes back on the same day. PAST marks a shot before today, DUE NOW a",
    "dose whose window for the coming event is still open, MISSED the next season's dose of one",
    "whose window closed before the coming event (docs/decisions/411); MISSED with no date, a dose",
    "given once whose window closed for the group on the farm (docs/decisions/418); STARTED FROM",
    "TODAY, the first dose of a young group's course whose usual time has passed (docs/decisions/426).",
    "Review every change to this file as a vet would.",
    "",
    `Season offsets (yearOffset.MM.DD): birth ${combination.birth_date ?? "none"}, breeding ${
      combination.breeding_date ?? "none"
    }.`,
    "",
  ];
  for (const today of todays) {
    lines.push(
      ...renderCalendar(
        buildDefault(combination, today, undefined, "default"),
        `Today ${formatDay(today)}, herd primed`,
      ),
    );
  }
  const herdStatus = unprimedHerdStatus(combination.animal_id);
  const questions = Object.keys(herdStatus).length;
  if (questions === 0) {
    lines.push(`## Today ${formatDay(unprimedToday)}, herd not yet vaccinated`, "");
    lines.push("No herd status questions for this animal: the calendar is the one above.", "");
  } else {
    const diseaseNames = Object.keys(herdStatus).map((id) =>
      findName(referenceData.diseases, Number(id)),
    );
    lines.push(
      ...renderCalendar(
        buildDefault(combination, unprimedToday, herdStatus, "default"),
        `Today ${formatDay(unprimedToday)}, herd not yet vaccinated`,
        `Herd status answered "No, not yet" for: ${diseaseNames.join(", ")}.`,
      ),
    );
  }
  return { fileName, text: `${lines.join("\n").trimEnd()}\n` };
}

function formatOffset(days: number): string {
  return days === 0 ? "0" : days > 0 ? `+${days}` : `−${-days}`;
}

/**
 * The review table of issue 24, item 9: every shipped shot template, its preferred day and window
 * from its anchor, and the source of that window, one row each, for a vet to sign.
 */
function renderProtocolReview(): string {
  const rows = referenceData.shotTemplates.map((template) => {
    const animal = referenceData.animals.find((candidate) => candidate.id === template.animal_id);
    const isSheep = referenceData.combinations.some(
      (combination) =>
        combination.animal_id === template.animal_id &&
        combination.enterprise_id === EnterpriseId.sheep,
    );
    const anchor =
      template.birth_days === null
        ? isSheep
          ? "tupping"
          : "breeding"
        : !animal?.isAdult
          ? "birth"
          : isSheep
            ? "lambing"
            : "calving";
    const preferred = template.birth_days ?? template.breeding_days;
    const { earliest_days: earliest, latest_days: latest } = template;
    const window =
      earliest === null || earliest === undefined || latest === null || latest === undefined
        ? "none"
        : `${formatOffset(earliest)} to ${formatOffset(latest)}`;
    const scope = [
      template.herd_status === "unprimed" ? "first course" : "",
      template.season_id ? findName(referenceData.seasons, template.season_id) : "",
      template.lungworm_risk_only ? "lungworm risk only" : "",
    ].filter(Boolean);
    return [
      String(template.id),
      findName(referenceData.animals, template.animal_id),
      findName(referenceData.vaccines, template.vaccine_id),
      template.custom_name ?? "",
      preferred === null ? "none" : `${anchor} ${formatOffset(preferred)}`,
      window,
      formatRepeats(template.is_recurrent),
      scope.join(", "),
      (template.source_note ?? "").replace(/\|/g, "/"),
    ];
  });
  const lines = [
    "# Protocol review: every dose, its window and its source",
    "",
    "Issue 24, item 9. One row per shot template the reference data ships",
    "(`packages/reference-data/src/shot-templates.ts`), generated by",
    "`packages/schedule/src/golden-calendars.test.ts`: the preferred day and the window (earliest",
    "to latest) in days from the anchor, and the source of the window. The default calendars built",
    "from them, with today on six dates, are in `packages/schedule/golden/`. Review every change to",
    "this file as a vet would.",
    "",
    ...renderTable(
      ["Row", "Animal", "Vaccine", "Dose", "Preferred day", "Window", "Repeats", "For", "Source"],
      rows,
    ),
  ];
  return `${lines.join("\n")}\n`;
}

describe("golden calendars", () => {
  it("lists every template's window and source in docs/protocol-review.md", async () => {
    await expect(renderProtocolReview()).toMatchFileSnapshot("../../../docs/protocol-review.md");
  });

  it.each(referenceData.combinations.map((combination) => [combination.id, combination] as const))(
    "combination %i matches its reviewed file",
    async (_id, combination) => {
      const { fileName, text } = renderCombination(combination);
      await expect(text).toMatchFileSnapshot(`../golden/${fileName}`);
    },
  );

  it("raises no protocol warning on any default calendar", () => {
    for (const combination of referenceData.combinations) {
      for (const today of todays) {
        expect(
          listAvoidableWarnings(buildDefault(combination, today)),
          `${combination.id} ${today}`,
        ).toEqual([]);
      }
    }
  });
});
