import {
  DiseaseSchema,
  ErrorBodySchema,
  ScopedDiseasesResponseSchema,
  type ScopedDiseasesResponse,
  calendarBuilderMessages,
  type ScopedDisease,
} from "@vaxcal/contracts";
import { AnimalId, DiseaseId, EnterpriseId, SeasonId, referenceData } from "@vaxcal/reference-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../test/app.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const allIncludes = "vaccine,vaccine.shots,vaccine.rules";

function findCombinationId(enterpriseId: number, animalId: number, seasonId: number): number {
  const combination = referenceData.combinations.find(
    (candidate) =>
      candidate.enterprise_id === enterpriseId &&
      candidate.animal_id === animalId &&
      candidate.season_id === seasonId,
  );
  if (!combination) throw new Error("no such combination in the reference data");
  return combination.id;
}

const dairySpringCows = findCombinationId(
  EnterpriseId.dairy,
  AnimalId.cows,
  SeasonId.springCalving,
);
const midSeasonRam = findCombinationId(EnterpriseId.sheep, AnimalId.ram, SeasonId.midSeasonLambing);
const midSeasonLamb = findCombinationId(
  EnterpriseId.sheep,
  AnimalId.lamb,
  SeasonId.midSeasonLambing,
);

async function getScoped(query: string) {
  return testApp.app.inject({ method: "GET", url: `/api/diseases?${query}` });
}

async function getScopedDiseases(query: string): Promise<ScopedDisease[]> {
  const response = await getScoped(query);
  expect(response.statusCode, response.body).toBe(200);
  return ScopedDiseasesResponseSchema.parse(response.json());
}

/** The test's own date arithmetic, in UTC days, so it does not lean on the engine it checks. */
function shiftDate(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function moveToYear(date: string, year: number): string {
  return `${year}${date.slice(4)}`;
}

describe("GET /api/diseases with a query (docs/product.md §7 scoped diseases)", () => {
  // Far enough ahead that no template date is past, whatever today is. A one-day calving block
  // (decision 416), so each dose is on its template's day, not split between early and late calvers.
  const cowDates = "birthDate=2031-02-01&birthEndDate=2031-02-01&breedingDate=2031-04-25";

  it("lists the cows' diseases with vaccines, rules and the shots of the reference protocol", async () => {
    const diseases = await getScopedDiseases(
      `include=${allIncludes}&seasonComboId=${dairySpringCows}&${cowDates}`,
    );

    const cowDiseases = referenceData.diseases.filter((disease) =>
      disease.animals.some((offer) => offer.animal_id === AnimalId.cows),
    );
    expect(diseases.map((disease) => disease.id)).toEqual(cowDiseases.map((disease) => disease.id));

    for (const disease of diseases) {
      const vaccineId = cowDiseases
        .find((candidate) => candidate.id === disease.id)
        ?.animals.find((offer) => offer.animal_id === AnimalId.cows)?.vaccine_id;
      const vaccine = referenceData.vaccines.find((candidate) => candidate.id === vaccineId);
      expect(disease.vaccine?.id).toBe(vaccineId);
      expect(disease.vaccine?.rules).toEqual(
        expect.objectContaining({ max_shots: vaccine?.rules.max_shots }),
      );

      // Every first occurrence sits at its template's offset; yearly ones repeat on the same day
      // each year up to the end of the month grid (calendar year 2031 + 1).
      // A herd nobody said is starting out gets the boosters alone (docs/product.md §3 "Herd
      // status"), and spring-calving cows no autumn templates.
      const templates = referenceData.shotTemplates.filter(
        (template) =>
          template.animal_id === AnimalId.cows &&
          template.vaccine_id === vaccineId &&
          (template.season_id === null || template.season_id === SeasonId.springCalving) &&
          template.herd_status !== "unprimed",
      );
      const expected = templates.flatMap((template) => {
        const first =
          template.birth_days !== null
            ? shiftDate("2031-02-01", template.birth_days)
            : shiftDate("2031-04-25", template.breeding_days ?? 0);
        const dates = [first];
        if (template.is_recurrent > 0) {
          for (
            let year = Number(first.slice(0, 4)) + template.is_recurrent;
            year <= 2032;
            year += template.is_recurrent
          ) {
            dates.push(moveToYear(first, year));
          }
        }
        return dates;
      });
      const shots = disease.vaccine?.shots ?? [];
      expect(shots.map((shot) => shot.date).sort()).toEqual(expected.sort());
      expect(shots.filter((shot) => !shot.isMirroredCopy)).toHaveLength(templates.length);
    }

    const bvd = diseases.find((disease) => disease.id === DiseaseId.bvd);
    expect(bvd?.vaccine?.shots?.[0]).toMatchObject({
      date: "2031-03-28",
      cycle: 1,
      isMirroredCopy: false,
      userInitiated: false,
    });
    expect(bvd?.vaccine?.shots?.[1]).toMatchObject({
      date: "2032-03-28",
      cycle: 2,
      isMirroredCopy: true,
      sourceShotId: bvd?.vaccine?.shots?.[0]?.id,
    });
  });

  it("lays out the first courses for the diseases the herd has not had (unprimed)", async () => {
    const query = `include=${allIncludes}&seasonComboId=${dairySpringCows}&${cowDates}`;
    const firstDates = (diseases: ScopedDisease[], diseaseId: number) =>
      (diseases.find((disease) => disease.id === diseaseId)?.vaccine?.shots ?? [])
        .filter((shot) => !shot.isMirroredCopy)
        .map((shot) => shot.date);
    const primed = await getScopedDiseases(query);
    const unprimed = await getScopedDiseases(
      `${query}&unprimed=${DiseaseId.bvd},${DiseaseId.leptospirosis}`,
    );
    expect(firstDates(primed, DiseaseId.bvd)).toEqual(["2031-03-28"]);
    expect(firstDates(unprimed, DiseaseId.bvd)).toEqual(["2031-02-28", "2031-03-28"]);
    expect(firstDates(unprimed, DiseaseId.leptospirosis)).toEqual(["2031-02-07", "2031-03-14"]);
    // Diseases not named keep their boosters alone.
    expect(firstDates(unprimed, DiseaseId.clostridialCattle)).toEqual(
      firstDates(primed, DiseaseId.clostridialCattle),
    );
  });

  it("refuses an unprimed list that is not disease ids", async () => {
    const response = await getScoped(
      `include=${allIncludes}&seasonComboId=${dairySpringCows}&${cowDates}&unprimed=bvd`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(calendarBuilderMessages.unprimedInvalid);
  });

  /** The BVD column's first occurrences for spring heifers bred from 25 April 2031. */
  async function listHeiferBvd(answers: string) {
    const combinationId = findCombinationId(
      EnterpriseId.dairy,
      AnimalId.replacementHeifers,
      SeasonId.springCalving,
    );
    const diseases = await getScopedDiseases(
      `include=${allIncludes}&seasonComboId=${combinationId}&birthDate=2032-02-01&breedingDate=2031-04-25${answers}`,
    );
    const bvd = diseases.find((disease) => disease.id === DiseaseId.bvd);
    return (bvd?.vaccine?.shots ?? [])
      .filter((shot) => !shot.isMirroredCopy)
      .map((shot) => `${shot.date} ${shot.custom_name}`);
  }

  it("gives heifers their BVD course unless the farmer says they had it (primed, decision 421)", async () => {
    const course = ["2031-02-28 Bovilis BVD (1st dose)", "2031-03-28 Bovilis BVD (2nd dose)"];
    expect(await listHeiferBvd("")).toEqual(course);
    expect(await listHeiferBvd(`&unprimed=${DiseaseId.bvd}`)).toEqual(course);
    expect(await listHeiferBvd(`&primed=${DiseaseId.bvd}`)).toEqual([
      "2031-03-28 Bovilis BVD (booster)",
    ]);
    // Another disease's answer leaves BVD's default.
    expect(await listHeiferBvd(`&primed=${DiseaseId.leptospirosis}`)).toEqual(course);
  });

  it("gives a ram with no clostridial course its first Heptavac dose 4 to 6 weeks before the booster", async () => {
    const query = `include=${allIncludes}&seasonComboId=${midSeasonRam}&breedingDate=2031-10-05`;
    const clostridial = async (answers: string) =>
      (
        (await getScopedDiseases(`${query}${answers}`)).find(
          (disease) => disease.id === DiseaseId.clostridialAndPasteurellosisSheep,
        )?.vaccine?.shots ?? []
      )
        .filter((shot) => !shot.isMirroredCopy)
        .map((shot) => shot.date);
    expect(await clostridial("")).toEqual(["2031-08-24"]);
    expect(await clostridial(`&unprimed=${DiseaseId.clostridialAndPasteurellosisSheep}`)).toEqual([
      "2031-07-13",
      "2031-08-24",
    ]);
  });

  it("refuses a primed list that is not disease ids, or a disease answered both ways", async () => {
    const query = `include=${allIncludes}&seasonComboId=${dairySpringCows}&${cowDates}`;
    const malformed = await getScoped(`${query}&primed=bvd`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain(calendarBuilderMessages.primedInvalid);
    const both = await getScoped(`${query}&primed=${DiseaseId.bvd}&unprimed=${DiseaseId.bvd}`);
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain(calendarBuilderMessages.herdStatusBoth);
  });

  /** The lungworm column's dates for spring calves born on 1 February 2031 (decision 419). */
  async function listHuskvacDates(enterpriseId: number, lungwormRisk: string) {
    const combinationId = findCombinationId(enterpriseId, AnimalId.calves, SeasonId.springCalving);
    const diseases = await getScopedDiseases(
      `include=${allIncludes}&seasonComboId=${combinationId}&birthDate=2031-02-01${lungwormRisk}`,
    );
    const lungworm = diseases.find((disease) => disease.id === DiseaseId.lungworm);
    return (lungworm?.vaccine?.shots ?? []).map((shot) => shot.date);
  }

  it("offers suckler calves Huskvac only when the farmer says they graze with lungworm risk (decision 419)", async () => {
    // A suckler farm's default is no (decision 415).
    expect(await listHuskvacDates(EnterpriseId.beef, "")).toEqual([]);
    expect(await listHuskvacDates(EnterpriseId.beef, "&lungwormRisk=no")).toEqual([]);
    // Huskvac: birth +77 and +105 (S9).
    expect(await listHuskvacDates(EnterpriseId.beef, "&lungwormRisk=yes")).toEqual([
      "2031-04-19",
      "2031-05-17",
    ]);
  });

  it("lets a dairy farmer say the calves graze with no lungworm risk", async () => {
    expect(await listHuskvacDates(EnterpriseId.dairy, "")).toEqual(["2031-04-19", "2031-05-17"]);
    expect(await listHuskvacDates(EnterpriseId.dairy, "&lungwormRisk=no")).toEqual([]);
  });

  it("refuses a lungworm answer that is not yes or no", async () => {
    const response = await getScoped(
      `include=${allIncludes}&seasonComboId=${dairySpringCows}&${cowDates}&lungwormRisk=maybe`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(calendarBuilderMessages.lungwormRiskInvalid);
  });

  it("embeds only what include asks for", async () => {
    const vaccineOnly = await getScopedDiseases(
      `include=vaccine&seasonComboId=${dairySpringCows}&${cowDates}`,
    );
    expect(vaccineOnly[0]?.vaccine?.name).toBeTruthy();
    expect(vaccineOnly[0]?.vaccine).not.toHaveProperty("rules");
    expect(vaccineOnly[0]?.vaccine).not.toHaveProperty("shots");

    // Asking for a vaccine's shots implies the vaccine itself.
    const shotsOnly = await getScopedDiseases(
      `include=vaccine.shots&seasonComboId=${dairySpringCows}&${cowDates}`,
    );
    expect(shotsOnly[0]?.vaccine?.shots?.length).toBeGreaterThan(0);
    expect(shotsOnly[0]?.vaccine).not.toHaveProperty("rules");
  });

  it("hangs the ram's shots on the tupping date alone and needs no birth date", async () => {
    const diseases = await getScopedDiseases(
      `include=${allIncludes}&seasonComboId=${midSeasonRam}&breedingDate=2031-10-05`,
    );
    const footrot = diseases.find((disease) => disease.id === DiseaseId.footrot);
    // Ram Footvax: breeding −56, yearly.
    expect(footrot?.vaccine?.shots?.[0]?.date).toBe("2031-08-10");
  });

  it("needs no breeding date for young stock", async () => {
    const diseases = await getScopedDiseases(
      `include=${allIncludes}&seasonComboId=${midSeasonLamb}&birthDate=2027-03-01`,
    );
    const orf = diseases.find((disease) => disease.id === DiseaseId.orf);
    // Lamb Scabivax Forte: birth +1, once.
    expect(orf?.vaccine?.shots?.map((shot) => shot.date)).toEqual(["2027-03-02"]);
  });

  it("never lets a cache keep the answer", async () => {
    const response = await getScoped(
      `include=vaccine&seasonComboId=${dairySpringCows}&${cowDates}`,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /api/diseases without a scoped query", () => {
  it.each(["/api/diseases", "/api/diseases?page=2"])(
    "%s stays the reference list of every disease",
    async (url) => {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      const diseases = z.array(DiseaseSchema).parse(response.json());
      expect(diseases).toHaveLength(referenceData.diseases.length);
      expect(diseases[0]?.animals.length).toBeGreaterThan(0);
    },
  );
});

describe("bad or missing parameters answer 400 with a field message", () => {
  const dates = "birthDate=2027-02-01&breedingDate=2027-04-25";
  const cases = [
    {
      name: "seasonComboId that is not a number (the issue's own example)",
      query: "include=vaccine&seasonComboId=abc",
      issues: [
        { path: "query.seasonComboId", message: calendarBuilderMessages.seasonComboIdInvalid },
      ],
    },
    {
      name: "seasonComboId missing",
      query: `include=vaccine&${dates}`,
      issues: [
        { path: "query.seasonComboId", message: calendarBuilderMessages.seasonComboIdRequired },
      ],
    },
    {
      name: "seasonComboId zero",
      query: `include=vaccine&seasonComboId=0&${dates}`,
      issues: [
        { path: "query.seasonComboId", message: calendarBuilderMessages.seasonComboIdInvalid },
      ],
    },
    {
      name: "seasonComboId of no combination",
      query: `include=vaccine&seasonComboId=9999&${dates}`,
      issues: [
        { path: "query.seasonComboId", message: calendarBuilderMessages.seasonComboIdUnknown },
      ],
    },
    {
      name: "include missing",
      query: `seasonComboId=${dairySpringCows}&${dates}`,
      issues: [{ path: "query.include", message: calendarBuilderMessages.includeRequired }],
    },
    {
      name: "include empty",
      query: `include=&seasonComboId=${dairySpringCows}&${dates}`,
      issues: [{ path: "query.include", message: calendarBuilderMessages.includeRequired }],
    },
    {
      name: "include with an unknown part",
      query: `include=vaccine,vaccine.price&seasonComboId=${dairySpringCows}&${dates}`,
      issues: [{ path: "query.include", message: calendarBuilderMessages.includeInvalid }],
    },
    {
      name: "include given twice",
      query: `include=vaccine&include=vaccine.shots&seasonComboId=${dairySpringCows}&${dates}`,
      issues: [{ path: "query.include", message: calendarBuilderMessages.includeInvalid }],
    },
    {
      name: "birthDate in another format",
      query: `include=vaccine&seasonComboId=${dairySpringCows}&birthDate=01/02/2027&breedingDate=2027-04-25`,
      issues: [{ path: "query.birthDate", message: calendarBuilderMessages.dateInvalid }],
    },
    {
      name: "birthDate that does not exist",
      query: `include=vaccine&seasonComboId=${dairySpringCows}&birthDate=2027-02-30&breedingDate=2027-04-25`,
      issues: [{ path: "query.birthDate", message: calendarBuilderMessages.dateInvalid }],
    },
    {
      name: "breedingDate in another format",
      query: `include=vaccine&seasonComboId=${dairySpringCows}&birthDate=2027-02-01&breedingDate=tomorrow`,
      issues: [{ path: "query.breedingDate", message: calendarBuilderMessages.dateInvalid }],
    },
    {
      name: "the last calving before the first (decision 416)",
      query: `include=vaccine&seasonComboId=${dairySpringCows}&${dates}&birthEndDate=2027-01-31`,
      issues: [
        { path: "query.birthEndDate", message: calendarBuilderMessages.birthEndBeforeStart },
      ],
    },
    {
      name: "a calving block longer than 26 weeks (decision 416)",
      query: `include=vaccine&seasonComboId=${dairySpringCows}&${dates}&birthEndDate=2027-08-03`,
      issues: [{ path: "query.birthEndDate", message: calendarBuilderMessages.birthEndTooLate }],
    },
    {
      name: "birthDate missing for cows",
      query: `include=vaccine&seasonComboId=${dairySpringCows}&breedingDate=2027-04-25`,
      issues: [{ path: "query.birthDate", message: calendarBuilderMessages.birthDateRequired }],
    },
    {
      name: "breedingDate missing for cows (adults)",
      query: `include=vaccine&seasonComboId=${dairySpringCows}&birthDate=2027-02-01`,
      issues: [
        { path: "query.breedingDate", message: calendarBuilderMessages.breedingDateRequired },
      ],
    },
    {
      name: "both dates missing for cows",
      query: `include=vaccine&seasonComboId=${dairySpringCows}`,
      issues: [
        { path: "query.birthDate", message: calendarBuilderMessages.birthDateRequired },
        { path: "query.breedingDate", message: calendarBuilderMessages.breedingDateRequired },
      ],
    },
    {
      name: "birthDate missing for lambs",
      query: `include=vaccine&seasonComboId=${midSeasonLamb}`,
      issues: [{ path: "query.birthDate", message: calendarBuilderMessages.birthDateRequired }],
    },
  ];

  it.each(cases)("$name", async ({ query, issues }) => {
    const response = await getScoped(query);
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.issues).toEqual(issues);
  });
});

describe("GET /vaccine-badges/:file", () => {
  it("draws a vaccine's badge, so every logo_url answers", async () => {
    const vaccine = referenceData.vaccines.find((candidate) => candidate.name === "Bovilis BVD");
    const response = await testApp.app.inject({ method: "GET", url: String(vaccine?.logo_url) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.body).toContain("<title>Bovilis BVD</title>");
    expect(response.body).toContain(">BVD</text>");
  });

  it("is revalidated with its ETag, so a colour an admin changes shows at once", async () => {
    const vaccine = referenceData.vaccines.find((candidate) => candidate.name === "Bovela");
    const url = String(vaccine?.logo_url);
    const first = await testApp.app.inject({ method: "GET", url });
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const entityTag = String(first.headers.etag);
    const unchanged = await testApp.app.inject({
      method: "GET",
      url,
      headers: { "if-none-match": entityTag },
    });
    expect(unchanged.statusCode).toBe(304);

    await testApp.database.pool.query("UPDATE vaccines SET accent_color = '1,2,3' WHERE id = $1", [
      vaccine?.id,
    ]);
    const changed = await testApp.app.inject({
      method: "GET",
      url,
      headers: { "if-none-match": entityTag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain("rgb(1,2,3)");
  });

  it.each(["/vaccine-badges/no-such-vaccine.svg", "/vaccine-badges/..%2Fsecret"])(
    "%s answers 404 with the error body",
    async (url) => {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(response.json()).error.code).toBe("NOT_FOUND");
    },
  );
});

describe("GET /api/diseases plans each dose inside its window from the database (decision 414)", () => {
  // 1 January 2027: the spring-calving cows' pre-calving doses' preferred days are past, but their
  // windows before the 1 February calving are still open.
  let onNewYear: TestApp;
  beforeAll(async () => {
    onNewYear = await createTestApp({}, () => new Date("2027-01-01T12:00:00Z"));
  });
  afterAll(() => onNewYear.close());

  it("gives spring-calving cows Rotavec and Covexin due now in January, not a year on", async () => {
    const load = async (block: string) => {
      const response = await onNewYear.app.inject({
        method: "GET",
        url: `/api/diseases?include=${allIncludes}&seasonComboId=${dairySpringCows}&birthDate=2027-02-01${block}&breedingDate=2027-04-25`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return ScopedDiseasesResponseSchema.parse(response.json());
    };
    const shotsOf = (diseases: ScopedDiseasesResponse, diseaseId: number) =>
      diseases.find((disease) => disease.id === diseaseId)?.vaccine?.shots ?? [];

    // Cows calving on 1 February: both preferred days are past, both windows still open.
    const oneDay = await load("&birthEndDate=2027-02-01");
    for (const diseaseId of [DiseaseId.clostridialCattle, DiseaseId.calfScour]) {
      const dueNow = shotsOf(oneDay, diseaseId).filter(
        (shot) => shot.seasonTiming?.state === "dueNow",
      );
      expect(dueNow, `disease ${diseaseId}`).toHaveLength(1);
      expect(dueNow[0]?.date, `disease ${diseaseId}`).toMatch(/^2027-01-/);
      expect(dueNow[0]?.seasonTiming?.window.to, `disease ${diseaseId}`).toMatch(/^2027-01-/);
    }

    // The season's default block (1 February to 12 April, decision 416): both are still given in
    // January 2027, to the early calvers first, never a year on.
    const defaultBlock = await load("");
    for (const diseaseId of [DiseaseId.clostridialCattle, DiseaseId.calfScour]) {
      const dates = shotsOf(defaultBlock, diseaseId).map((shot) => shot.date);
      expect(
        dates.some((date) => date?.startsWith("2027-01-")),
        `disease ${diseaseId}: ${dates.join(", ")}`,
      ).toBe(true);
    }
  });
});

describe("a calving block split into early and late groups (decisions 416, 417)", () => {
  it("says which animals each grouped dose is for, so the browser's checks judge it for them", async () => {
    const diseases = await getScopedDiseases(
      `include=${allIncludes}&seasonComboId=${dairySpringCows}` +
        "&birthDate=2031-02-01&birthEndDate=2031-04-12&breedingDate=2031-04-25",
    );
    const rotavec = diseases
      .find((disease) => disease.id === DiseaseId.calfScour)
      ?.vaccine?.shots?.filter((shot) => !shot.isMirroredCopy && shot.cycle === 1);
    expect(rotavec?.map((shot) => shot.birthGroup)).toEqual([
      { from: "2031-02-01", to: "2031-03-08", coversAll: true },
      { from: "2031-03-09", to: "2031-04-12", coversAll: true },
    ]);
  });
});

describe("GET /api/diseases takes when the youngest was born (decision 422)", () => {
  // Today 29 February 2028; mid-season hoggets tupped from 5 October 2028, lambing from 1 March
  // 2029: Enzovax and Toxovax at tupping −70, 27 July 2028.
  let onLeapDay: TestApp;
  beforeAll(async () => {
    onLeapDay = await createTestApp({}, () => new Date("2028-02-29T12:00:00Z"));
  });
  afterAll(() => onLeapDay.close());

  const hoggets = findCombinationId(
    EnterpriseId.sheep,
    AnimalId.hoggets,
    SeasonId.midSeasonLambing,
  );
  const hoggetQuery =
    `include=${allIncludes}&seasonComboId=${hoggets}` +
    "&birthDate=2029-03-01&breedingDate=2028-10-05";
  const load = (extra: string) =>
    onLeapDay.app.inject({ method: "GET", url: `/api/diseases?${hoggetQuery}${extra}` });

  async function listDates(extra: string, diseaseId: number) {
    const response = await load(extra);
    expect(response.statusCode, response.body).toBe(200);
    const diseases = ScopedDiseasesResponseSchema.parse(response.json());
    const disease = diseases.find((candidate) => candidate.id === diseaseId);
    return (disease?.vaccine?.shots ?? []).map((shot) => shot.date);
  }

  it("plans Enzovax and Toxovax no earlier than the youngest's 5 months (S16, S18)", async () => {
    for (const diseaseId of [DiseaseId.enzooticAbortion, DiseaseId.toxoplasmosis]) {
      expect(await listDates("", diseaseId)).toEqual(["2028-07-27"]);
      expect(await listDates("&youngestBirthDate=2027-12-01", diseaseId)).toEqual(["2028-07-27"]);
      // Born today, 29 February 2028: 5 months old on 29 July.
      expect(await listDates("&youngestBirthDate=2028-02-29", diseaseId)).toEqual(["2028-07-29"]);
    }
  });

  it.each([
    ["2028-03-01", calendarBuilderMessages.youngestBornAfterToday],
    ["2018-02-28", calendarBuilderMessages.youngestBornTooLongAgo],
    ["2027-02-29", calendarBuilderMessages.dateInvalid],
    ["last-spring", calendarBuilderMessages.dateInvalid],
  ])("refuses youngestBirthDate=%s with a 400 naming it", async (date, message) => {
    const response = await load(`&youngestBirthDate=${date}`);
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.error.issues).toContainEqual(
      expect.objectContaining({ path: "query.youngestBirthDate", message }),
    );
  });

  it("takes a youngest born today or 10 years ago", async () => {
    expect((await load("&youngestBirthDate=2028-02-29")).statusCode).toBe(200);
    expect((await load("&youngestBirthDate=2018-03-01")).statusCode).toBe(200);
  });
});
