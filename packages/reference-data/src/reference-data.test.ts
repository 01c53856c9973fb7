import type { ShotTemplate, Vaccine } from "@vaxcal/contracts";
import {
  AnimalEnterpriseSeasonCombinationSchema,
  AnimalSchema,
  DiseaseSchema,
  EnterpriseSchema,
  SeasonOffsetDateSchema,
  SeasonSchema,
  ShotTemplateSchema,
  TerritoryManagerSchema,
  VaccineRoute,
  VaccineSchema,
  VetSchema,
  WarningSchema,
} from "@vaxcal/contracts";
import { describe, expect, it } from "vitest";
import {
  AnimalId,
  DiseaseId,
  buildVaccineBadgePath,
  buildVaccineInitials,
  demoData,
  enterpriseSeasonIds,
  referenceData,
  referenceDataWithWindows,
  renderVaccineBadgeSvg,
  SeasonId,
  VaccineId,
  WarningSlug,
  warningPlaceholders,
} from "./index.ts";

const { enterprises, animals, seasons, combinations, vaccines, diseases, shotTemplates, warnings } =
  referenceData;
/** The templates with their windows (decision 411): the seed itself does not carry them yet. */
const windowedTemplates = referenceDataWithWindows.shotTemplates;

const findById = <T extends { id: number }>(rows: readonly T[], id: number): T => {
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) throw new Error(`No row with id ${id}`);
  return row;
};

const listDuplicates = (values: readonly unknown[]): unknown[] =>
  values.filter((value, index) => values.indexOf(value) !== index);

describe("contract shapes", () => {
  it.each([
    [
      "enterprises",
      EnterpriseSchema.pick({ id: true, name: true, defaultSeasonId: true, animalArray: true }),
      enterprises,
    ],
    [
      "animals",
      AnimalSchema.pick({
        id: true,
        name: true,
        isAdult: true,
        hasBirthDate: true,
        sortOrder: true,
      }),
      animals,
    ],
    ["seasons", SeasonSchema.pick({ id: true, name: true }), seasons],
    ["combinations", AnimalEnterpriseSeasonCombinationSchema, combinations],
    ["vaccines", VaccineSchema, vaccines],
    ["diseases", DiseaseSchema, diseases],
    ["shotTemplates", ShotTemplateSchema, shotTemplates],
    ["warnings", WarningSchema, warnings],
    ["territoryManagers", TerritoryManagerSchema, demoData.territoryManagers],
  ] as const)("%s parse, with no field the contract does not know", (_name, schema, rows) => {
    // Parsing strips unknown keys at every depth, so equality proves there were none.
    expect(schema.strict().array().parse(rows)).toStrictEqual(rows);
  });

  it("demo vet practices carry the vet contract's fields and a full address", () => {
    for (const practice of demoData.vetPractices) {
      expect(() =>
        VetSchema.pick({ id: true, vet_practice_name: true }).parse(practice),
      ).not.toThrow();
      for (const field of ["address1", "town", "county", "country", "eircode"] as const) {
        expect(practice[field].trim(), `${practice.vet_practice_name} ${field}`).not.toBe("");
      }
    }
  });
});

describe("identity", () => {
  it.each([
    ["enterprises", enterprises],
    ["animals", animals],
    ["seasons", seasons],
    ["combinations", combinations],
    ["vaccines", vaccines],
    ["diseases", diseases],
    ["shotTemplates", shotTemplates],
    ["warnings", warnings],
    ["vetPractices", demoData.vetPractices],
    ["territoryManagers", demoData.territoryManagers],
  ] as const)("%s have unique ids", (_name, rows) => {
    expect(listDuplicates(rows.map((row) => row.id))).toEqual([]);
  });

  it("vaccine names, badges and accent colours are unique", () => {
    expect(listDuplicates(vaccines.map((vaccine) => vaccine.name))).toEqual([]);
    expect(listDuplicates(vaccines.map((vaccine) => vaccine.logo_url))).toEqual([]);
    expect(listDuplicates(vaccines.map((vaccine) => vaccine.accent_color))).toEqual([]);
  });

  it("disease names and warning slugs are unique", () => {
    expect(listDuplicates(diseases.map((disease) => disease.name))).toEqual([]);
    expect(listDuplicates(warnings.map((warning) => warning.slug))).toEqual([]);
  });

  it("honours the enterprise ids the spec fixes, and Sheep preselects mid-season lambing", () => {
    expect(enterprises.map(({ id, name }) => [id, name])).toEqual([
      [1, "Dairy"],
      [2, "Beef"],
      [3, "Sheep"],
    ]);
    expect(findById(enterprises, 3).defaultSeasonId).toBe(4);
  });

  it("honours the animal ids the spec fixes", () => {
    const names = Object.fromEntries(animals.map(({ id, name }) => [id, name]));
    expect(names).toEqual({
      1: "Cows",
      2: "Replacement Heifers",
      3: "Weanlings",
      4: "Calves",
      5: "Ewes",
      6: "Lamb",
      7: "Hoggets",
      8: "Ram",
    });
  });

  it("marks the adults, and only the Ram has no birth date", () => {
    const adults = animals.filter((animal) => animal.isAdult).map((animal) => animal.name);
    expect(adults.sort()).toEqual(["Cows", "Ewes", "Hoggets", "Ram", "Replacement Heifers"]);
    expect(animals.filter((animal) => !animal.hasBirthDate).map((animal) => animal.id)).toEqual([
      8,
    ]);
  });

  it("sorts cattle in the spec's order: Cows, Replacement Heifers, Weanlings, Calves", () => {
    const sorted = [...animals].sort((a, b) => a.sortOrder - b.sortOrder).map((a) => a.name);
    expect(sorted.slice(0, 4)).toEqual(["Cows", "Replacement Heifers", "Weanlings", "Calves"]);
    expect(listDuplicates(animals.map((animal) => animal.sortOrder))).toEqual([]);
  });

  it("lists each enterprise's animals in display (sortOrder) order", () => {
    for (const enterprise of enterprises) {
      const orders = enterprise.animalArray.map((id) => findById(animals, id).sortOrder);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
  });

  it("honours the season ids the reference document fixes", () => {
    expect(seasons.map(({ id, name }) => [id, name])).toEqual([
      [1, "Spring calving"],
      [2, "Autumn calving"],
      [3, "Early lambing"],
      [4, "Mid-season lambing"],
      [5, "Hill lambing"],
    ]);
  });
});

describe("foreign keys", () => {
  const animalIds = new Set(animals.map((animal) => animal.id));
  const vaccineIds = new Set(vaccines.map((vaccine) => vaccine.id));
  const seasonIds = new Set(seasons.map((season) => season.id));

  it("enterprises point at real animals and seasons, each animal in one enterprise kind", () => {
    for (const enterprise of enterprises) {
      for (const id of enterprise.animalArray) expect(animalIds).toContain(id);
      if (enterprise.defaultSeasonId !== null)
        expect(seasonIds).toContain(enterprise.defaultSeasonId);
    }
    const cattle = findById(enterprises, 1).animalArray;
    const sheep = findById(enterprises, 3).animalArray;
    expect(findById(enterprises, 2).animalArray).toEqual(cattle);
    expect(cattle.filter((id) => sheep.includes(id))).toEqual([]);
    expect([...cattle, ...sheep].sort()).toEqual([...animalIds].sort());
  });

  it("combinations point at an animal of their enterprise and a season that enterprise offers", () => {
    for (const combination of combinations) {
      const enterprise = findById(enterprises, combination.enterprise_id);
      expect(enterprise.animalArray).toContain(combination.animal_id);
      expect(enterpriseSeasonIds[enterprise.id as 1 | 2 | 3]).toContain(combination.season_id);
    }
  });

  it("diseases point at real animals and vaccines, each animal once", () => {
    for (const disease of diseases) {
      expect(disease.animals.length, disease.name).toBeGreaterThan(0);
      expect(listDuplicates(disease.animals.map((row) => row.animal_id))).toEqual([]);
      for (const row of disease.animals) {
        expect(animalIds).toContain(row.animal_id);
        expect(vaccineIds).toContain(row.vaccine_id);
      }
    }
  });

  it("shot templates point at real animals and vaccines", () => {
    for (const template of shotTemplates) {
      expect(animalIds).toContain(template.animal_id);
      expect(vaccineIds).toContain(template.vaccine_id);
    }
  });

  it("compatible vaccines exist, are never the vaccine itself, and go both ways", () => {
    for (const vaccine of vaccines) {
      for (const otherId of vaccine.rules.compatible_vaccine_ids) {
        expect(otherId).not.toBe(vaccine.id);
        expect(findById(vaccines, otherId).rules.compatible_vaccine_ids, vaccine.name).toContain(
          vaccine.id,
        );
      }
    }
  });
});

describe("combinations and season defaults", () => {
  it("give every animal of each enterprise exactly one combination per season of that enterprise", () => {
    let expected = 0;
    for (const enterprise of enterprises) {
      for (const seasonId of enterpriseSeasonIds[enterprise.id as 1 | 2 | 3]) {
        for (const animalId of enterprise.animalArray) {
          const matches = combinations.filter(
            (c) =>
              c.enterprise_id === enterprise.id &&
              c.season_id === seasonId &&
              c.animal_id === animalId,
          );
          expect(matches, `${enterprise.name} ${seasonId} ${animalId}`).toHaveLength(1);
          expected += 1;
        }
      }
    }
    expect(combinations).toHaveLength(expected);
    expect(expected).toBe(28);
  });

  it("use yearOffset.MM.DD dates that exist on the calendar", () => {
    for (const combination of combinations) {
      for (const text of [combination.birth_date, combination.breeding_date]) {
        if (text === null) continue;
        expect(SeasonOffsetDateSchema.parse(text)).toBe(text);
        const [, month, day] = text.split(".").map(Number);
        // 2025 is not a leap year, so 29 February would roll over and fail here.
        const date = new Date(Date.UTC(2025, Number(month) - 1, Number(day)));
        expect(date.getUTCDate(), text).toBe(day);
      }
    }
  });

  it("give adults a breeding date, young stock none, and the Ram no birth date", () => {
    for (const combination of combinations) {
      const animal = findById(animals, combination.animal_id);
      expect(combination.breeding_date !== null, animal.name).toBe(animal.isAdult);
      expect(combination.birth_date !== null, animal.name).toBe(animal.hasBirthDate);
    }
  });

  it("carry the reference document's season table for cows and ewes", () => {
    const defaults = (enterpriseId: number, seasonId: number, animalId: number) => {
      const combination = combinations.find(
        (c) =>
          c.enterprise_id === enterpriseId && c.season_id === seasonId && c.animal_id === animalId,
      );
      return [combination?.birth_date, combination?.breeding_date];
    };
    expect(defaults(1, SeasonId.springCalving, AnimalId.cows)).toEqual(["0.02.01", "0.04.25"]);
    expect(defaults(2, SeasonId.springCalving, AnimalId.cows)).toEqual(["0.02.15", "0.05.01"]);
    expect(defaults(1, SeasonId.autumnCalving, AnimalId.cows)).toEqual(["0.09.15", "0.12.01"]);
    expect(defaults(2, SeasonId.autumnCalving, AnimalId.cows)).toEqual(["0.09.01", "0.11.20"]);
    expect(defaults(3, SeasonId.earlyLambing, AnimalId.ewes)).toEqual(["0.01.10", "-1.08.15"]);
    expect(defaults(3, SeasonId.midSeasonLambing, AnimalId.ewes)).toEqual(["0.03.01", "-1.10.05"]);
    expect(defaults(3, SeasonId.hillLambing, AnimalId.ewes)).toEqual(["0.04.01", "-1.11.05"]);
  });

  it("derive every other animal's dates from the season's birth and breeding dates", () => {
    for (const combination of combinations) {
      const dam = combinations.find(
        (c) =>
          c.enterprise_id === combination.enterprise_id &&
          c.season_id === combination.season_id &&
          (c.animal_id === AnimalId.cows || c.animal_id === AnimalId.ewes),
      );
      const seasonBirth = dam?.birth_date ?? "";
      const seasonBreedingMonthDay = dam?.breeding_date?.replace(/^-?\d+\./, "");
      const withOffset = (offset: number, text: string) => text.replace(/^-?\d+/, String(offset));
      const expectedByAnimal: Record<number, [string | null, string | null]> = {
        [AnimalId.cows]: [seasonBirth, dam?.breeding_date ?? null],
        [AnimalId.ewes]: [seasonBirth, dam?.breeding_date ?? null],
        // Bred on the season's date; first calving on the season's date a year on.
        [AnimalId.replacementHeifers]: [withOffset(1, seasonBirth), `0.${seasonBreedingMonthDay}`],
        // Last season's calves.
        [AnimalId.weanlings]: [withOffset(-1, seasonBirth), null],
        [AnimalId.calves]: [seasonBirth, null],
        [AnimalId.lamb]: [seasonBirth, null],
        [AnimalId.hoggets]: [seasonBirth, dam?.breeding_date ?? null],
        [AnimalId.ram]: [null, dam?.breeding_date ?? null],
      };
      expect(
        [combination.birth_date, combination.breeding_date],
        `combination ${combination.id}`,
      ).toEqual(expectedByAnimal[combination.animal_id]);
    }
  });

  it("put each breeding about one gestation before a calving or lambing on the season's date", () => {
    const gestationDays = { cattle: 283, sheep: 147 };
    for (const combination of combinations) {
      if (combination.birth_date === null || combination.breeding_date === null) continue;
      const isSheep = combination.enterprise_id === 3;
      const breeding = resolveOffsetDate(combination.breeding_date);
      // Cows are bred after calving, for the next year's calving; heifers, ewes and hoggets are
      // bred before the birth their dates describe.
      const isBredAfterBirth = combination.animal_id === AnimalId.cows;
      const birth = resolveOffsetDate(combination.birth_date) + (isBredAfterBirth ? 365 : 0);
      const gap = birth - breeding;
      const expected = isSheep ? gestationDays.sheep : gestationDays.cattle;
      expect(
        Math.abs(gap - expected),
        `combination ${combination.id}: ${gap} days`,
      ).toBeLessThanOrEqual(10);
    }
  });
});

describe("vaccines", () => {
  // Every product named in the reference document's Cattle and Sheep tables.
  const documentProducts = [
    "Bovilis BVD",
    "Bovela",
    "Bovilis IBR Marker Live",
    "Bovilis IBR Marker Inac",
    "Bovilis INtranasal RSP Live",
    "Rispoval RS+PI3 IntraNasal",
    "Bovilis Bovipast RSP",
    "Rispoval 4",
    "Bovilis Rotavec Corona",
    "Bovilis Leptavoid-H",
    "Spirovac",
    "Covexin 10",
    "Bravoxin 10",
    "Tribovax 10",
    "Bovilis Bovivac S",
    "Bovilis Huskvac",
    "Bovilis Ringvac",
    "Bovilis Nasalgen-C",
    "Bultavo 3",
    "Syvazul BTV 3",
    "Bluevac-3",
    "Heptavac P Plus",
    "Ovivac P Plus",
    "Enzovax",
    "Cevac Chlamydia",
    "Inmeva",
    "Toxovax",
    "Footvax",
    "Scabivax Forte",
    "Scabigard",
  ];

  it("include every product the reference document names, and nothing else", () => {
    expect(vaccines.map((vaccine) => vaccine.name).sort()).toEqual([...documentProducts].sort());
  });

  const byName = (name: string): Vaccine => {
    const vaccine = vaccines.find((candidate) => candidate.name === name);
    if (!vaccine) throw new Error(`No vaccine ${name}`);
    return vaccine;
  };

  it("use only known route codes", () => {
    const routes = Object.keys(VaccineRoute);
    for (const vaccine of vaccines) {
      const codes = vaccine.vaccine_type.split(",");
      expect(codes.length, vaccine.name).toBeGreaterThan(0);
      for (const code of codes) expect(routes, vaccine.name).toContain(code);
    }
    expect(byName("Bovilis Huskvac").vaccine_type).toBe("ORAL");
    expect(byName("Scabivax Forte").vaccine_type).toBe("SCARIFICATION");
    expect(byName("Bovilis IBR Marker Live").vaccine_type).toBe("IN,IM");
  });

  it("serve a local generated badge named after the product", () => {
    for (const vaccine of vaccines)
      expect(vaccine.logo_url).toBe(buildVaccineBadgePath(vaccine.name));
  });

  it("carry a source link, plain-language texts and a checkable source note", () => {
    for (const vaccine of vaccines) {
      expect(vaccine.product_spc_url, vaccine.name).toMatch(/^https?:\/\/\S+$/);
      expect(vaccine.information.length, vaccine.name).toBeGreaterThan(60);
      expect(vaccine.warning_message.length, vaccine.name).toBeGreaterThan(10);
      expect(vaccine.size_info, vaccine.name).not.toBe("");
      expect(vaccine.source_note, vaccine.name).toMatch(/S\d+.*\((H|M|L)\b/);
      for (const channel of vaccine.accent_color.split(",").map(Number)) {
        expect(channel).toBeLessThanOrEqual(255);
      }
    }
  });

  it("carry the protocol rules the reference document gives", () => {
    const enzovax = byName("Enzovax").rules;
    const toxovax = byName("Toxovax").rules;
    expect(enzovax).toMatchObject({
      live: true,
      not_in_pregnancy: true,
      min_days_before_breeding: 28,
    });
    expect(toxovax).toMatchObject({
      live: true,
      not_in_pregnancy: true,
      min_days_before_breeding: 21,
    });
    expect(enzovax.compatible_vaccine_ids).toEqual([VaccineId.toxovax]);
    expect(toxovax.compatible_vaccine_ids).toEqual([VaccineId.enzovax]);
    expect(byName("Footvax").rules.blackout_birth_days).toEqual({ from: -28, to: 28 });
    expect(byName("Bovilis Rotavec Corona").rules.window_birth_days).toEqual({
      from: -84,
      to: -21,
    });
    expect(byName("Bovilis IBR Marker Live").rules.max_shots).toBe(2);
    expect(byName("Bovilis Huskvac").rules.min_age_days).toBe(56);
    // Only the live abortion vaccines are barred in pregnancy; the others are given to pregnant dams.
    expect(
      vaccines
        .filter((v) => v.rules.not_in_pregnancy)
        .map((v) => v.name)
        .sort(),
    ).toEqual(["Cevac Chlamydia", "Enzovax", "Toxovax"]);
    for (const vaccine of vaccines) {
      const { blackout_birth_days: blackout, window_birth_days: window } = vaccine.rules;
      if (blackout) expect(blackout.from).toBeLessThanOrEqual(blackout.to);
      if (window) expect(window.from).toBeLessThanOrEqual(window.to);
    }
  });

  it("carry the course, booster and timing rules a vet expects, each with its source", () => {
    expect(byName("Bovilis BVD").rules).toMatchObject({
      course_interval_days: { from: 28, to: 35 },
      not_protective_in_pregnancy: true,
    });
    expect(byName("Bovilis BVD").source_note).toMatch(/single dose gives no foetal protection/);
    expect(byName("Bovilis Leptavoid-H").rules.course_interval_days).toEqual({ from: 28, to: 42 });
    expect(byName("Bovilis Leptavoid-H").source_note).toMatch(/boosters are given in spring/);
    expect(byName("Bovilis Bovivac S").rules.course_interval_days).toEqual({ from: 21, to: 28 });
    expect(byName("Bovilis Bovivac S").source_note).toMatch(/2 doses of 5 ml 21 days apart/);
    expect(byName("Bovilis IBR Marker Live").source_note).toMatch(/at least 6 months/);
    expect(byName("Covexin 10").rules.booster_window_birth_days).toEqual({ from: -56, to: -14 });
    expect(byName("Heptavac P Plus").rules.booster_window_birth_days).toEqual({
      from: -42,
      to: -28,
    });
    expect(byName("Heptavac P Plus").source_note).toMatch(/about 3 weeks/);
    expect(byName("Enzovax").rules.max_days_before_breeding).toBe(120);
    expect(byName("Toxovax").rules.max_days_before_breeding).toBe(120);
    expect(byName("Scabivax Forte").rules.min_days_before_birth).toBe(49);
    expect(byName("Scabivax Forte").source_note).toMatch(/less than 7 weeks before lambing/);
    for (const vaccine of vaccines) {
      const { course_interval_days: course, booster_window_birth_days: booster } = vaccine.rules;
      if (course) expect(course.from, vaccine.name).toBeLessThanOrEqual(course.to);
      if (booster) expect(booster.to, vaccine.name).toBeLessThan(0);
    }
  });
});

describe("diseases", () => {
  it("offer every animal at least 3 diseases", () => {
    for (const animal of animals) {
      const offered = diseases.filter((d) => d.animals.some((row) => row.animal_id === animal.id));
      expect(offered.length, animal.name).toBeGreaterThanOrEqual(3);
    }
  });

  it("give footnote text and number together, one number per text", () => {
    const numberByText = new Map<string, number>();
    for (const disease of diseases) {
      expect(disease.footnote === null, disease.name).toBe(disease.footnoteNumber === null);
      if (disease.footnote === null || disease.footnoteNumber === null) continue;
      const known = numberByText.get(disease.footnote);
      if (known !== undefined) expect(disease.footnoteNumber).toBe(known);
      numberByText.set(disease.footnote, disease.footnoteNumber);
    }
    expect(listDuplicates([...numberByText.values()])).toEqual([]);
  });

  it("carry the reference document's caveats", () => {
    const footnoteOf = (name: string) => diseases.find((d) => d.name === name)?.footnote;
    expect(footnoteOf("Lungworm (husk)")).toBe(
      "For calves and heifers going to grass. Suckler calves out with their dams: ask your vet",
    );
    expect(footnoteOf("Orf")).toBe("Orf-problem farms only");
    expect(footnoteOf("Salmonellosis")).toBe("Where infection is confirmed");
    expect(footnoteOf("Footrot")).toBe("Optional: discuss with your vet");
  });

  it("default each animal's pneumonia vaccine to the product its age calls for", () => {
    const pneumonia = diseases.find((d) => d.name === "Pneumonia");
    expect(pneumonia?.animals).toEqual(
      expect.arrayContaining([
        {
          animal_id: AnimalId.calves,
          vaccine_id: VaccineId.bovilisIntranasalRspLive,
          herd_status_question: null,
          herd_status_default: "primed",
        },
        {
          animal_id: AnimalId.weanlings,
          vaccine_id: VaccineId.bovilisBovipastRsp,
          herd_status_question: "Have these weanlings had their first pneumonia course (2 doses)?",
          herd_status_default: "unprimed",
        },
      ]),
    );
  });
});

describe("herd status questions (decision 421)", () => {
  const offers = diseases.flatMap((disease) =>
    disease.animals.map((offer) => ({ disease, offer })),
  );
  const nameOf = (disease: { name: string }, animalId: number) =>
    `${findById(animals, animalId).name}: ${disease.name}`;

  it("ask every group whose vaccine has a primary course, calves (born into it) aside", () => {
    const unasked = offers
      .filter(({ offer }) => {
        const course = findById(vaccines, offer.vaccine_id).rules.course_interval_days ?? null;
        return course !== null && offer.herd_status_question === null;
      })
      .map(({ disease, offer }) => nameOf(disease, offer.animal_id));
    expect(unasked.sort()).toEqual(
      [
        "Calves: Clostridial diseases",
        "Calves: Lungworm (husk)",
        "Calves: Ringworm",
        "Calves: Salmonellosis",
      ].sort(),
    );
  });

  it("ask heifers, weanlings, hoggets, rams and ewes starting Footvax, with the default that keeps today's plan", () => {
    const asked = offers
      .filter(({ offer }) => offer.herd_status_question !== null)
      .map(
        ({ disease, offer }) =>
          `${nameOf(disease, offer.animal_id)} (${offer.herd_status_default ?? "primed"})`,
      );
    expect(asked).toEqual(
      expect.arrayContaining([
        "Replacement Heifers: BVD (unprimed)",
        "Replacement Heifers: IBR (unprimed)",
        "Replacement Heifers: Leptospirosis (unprimed)",
        "Replacement Heifers: Clostridial diseases (primed)",
        "Replacement Heifers: Lungworm (husk) (unprimed)",
        "Weanlings: Clostridial diseases (primed)",
        "Weanlings: Pneumonia (unprimed)",
        "Hoggets: Clostridial diseases and pasteurellosis (unprimed)",
        "Hoggets: Footrot (unprimed)",
        "Ram: Clostridial diseases and pasteurellosis (primed)",
        "Ram: Footrot (primed)",
        "Ewes: Footrot (primed)",
        "Cows: BVD (primed)",
      ]),
    );
  });

  it("ask heifers about their calves' lungworm course, by default not had (decision 426)", () => {
    const heifersLungworm = offers.find(
      ({ disease, offer }) =>
        disease.id === DiseaseId.lungworm && offer.animal_id === AnimalId.replacementHeifers,
    )?.offer;
    expect(heifersLungworm).toMatchObject({
      herd_status_question: "Have these heifers had their lungworm vaccine (2 doses) as calves?",
      herd_status_default: "unprimed",
    });
    // Huskvac SPC (S9): a booster before each turnout only if there was no natural field
    // exposure, the vet's call, so "Yes" gets no dose: the column says to agree it with the vet.
    const heifersHuskvac = shotTemplates.filter(
      (t) =>
        t.animal_id === AnimalId.replacementHeifers && t.vaccine_id === heifersLungworm?.vaccine_id,
    );
    expect(heifersHuskvac.map((t) => [t.id, t.herd_status])).toEqual([
      [50, "unprimed"],
      [51, "unprimed"],
      [52, "unprimed"],
      [53, "unprimed"],
    ]);
  });

  it("give each answer of a question the doses it needs: a course for No, and its booster for Yes", () => {
    for (const { disease, offer } of offers) {
      if (offer.herd_status_question === null) continue;
      const own = shotTemplates.filter(
        (t) => t.animal_id === offer.animal_id && t.vaccine_id === offer.vaccine_id,
      );
      const name = nameOf(disease, offer.animal_id);
      // Heifers done as calves get no Huskvac dose (S9: a booster only without natural exposure).
      const noBoosterForYes =
        disease.id === DiseaseId.lungworm && offer.animal_id === AnimalId.replacementHeifers;
      for (const status of noBoosterForYes
        ? (["unprimed"] as const)
        : (["primed", "unprimed"] as const)) {
        const doses = own.filter((t) => t.herd_status === null || t.herd_status === status);
        expect(doses.length, `${name} ${status}`).toBeGreaterThan(0);
      }
      // "Not yet" adds at least one dose to what "Yes" gets: the start of the course.
      expect(
        own.some((t) => t.herd_status === "unprimed"),
        name,
      ).toBe(true);
    }
  });

  it("scope templates by herd status only where the group is asked", () => {
    for (const template of shotTemplates) {
      if (template.herd_status === null) continue;
      const asked = offers.some(
        ({ offer }) =>
          offer.animal_id === template.animal_id &&
          offer.vaccine_id === template.vaccine_id &&
          offer.herd_status_question !== null,
      );
      expect(asked, `template ${template.id}`).toBe(true);
    }
  });
});

/** Calves' Bovivac S course, at the SPC's age: templates 56 and 57. */
const calvesBovivacS: readonly number[] = [56, 57];

describe("shot templates", () => {
  it("are exactly the reference document's template table, each with its window", () => {
    const summary = windowedTemplates.map((t) => {
      const window = `${t.earliest_days}..${t.latest_days}`;
      const anchor =
        t.birth_days !== null
          ? `birth ${t.birth_days} [${window}]`
          : `breeding ${t.breeding_days} [${window}]`;
      const scope = [
        t.season_id === null ? null : `season ${t.season_id}`,
        t.herd_status,
        t.lungworm_risk_only === true ? "lungworm risk" : null,
      ].filter((part) => part !== null);
      return `${findById(animals, t.animal_id).name}: ${findById(vaccines, t.vaccine_id).name} ${anchor} x${t.is_recurrent}${scope.length > 0 ? ` (${scope.join(", ")})` : ""}`;
    });
    expect(summary).toEqual([
      "Cows: Bovilis Leptavoid-H breeding -42 [-42..-14] x1 (season 1)",
      "Cows: Bovilis BVD breeding -28 [-28..-28] x1",
      "Cows: Bovilis IBR Marker Live breeding -14 [-14..-14] x1",
      "Cows: Covexin 10 birth -35 [-56..-14] x1",
      "Cows: Bovilis Rotavec Corona birth -49 [-84..-21] x1",
      "Cows: Bovilis Bovivac S birth -21 [-28..-21] x1",
      "Replacement Heifers: Bovilis Leptavoid-H breeding -70 [-84..-70] x0 (unprimed)",
      "Replacement Heifers: Bovilis Leptavoid-H breeding -42 [-42..-14] x0 (unprimed)",
      "Replacement Heifers: Bovilis BVD breeding -56 [-56..-56] x0 (unprimed)",
      "Replacement Heifers: Bovilis BVD breeding -28 [-28..-28] x0 (unprimed)",
      "Replacement Heifers: Bovilis IBR Marker Live breeding -14 [-14..-14] x0",
      "Replacement Heifers: Covexin 10 birth -35 [-56..-14] x0",
      "Replacement Heifers: Bovilis Rotavec Corona birth -49 [-84..-21] x0",
      "Calves: Bovilis INtranasal RSP Live birth 7 [0..7] x0",
      "Calves: Bovilis IBR Marker Live birth 21 [14..21] x0",
      "Calves: Covexin 10 birth 35 [14..35] x0",
      "Calves: Covexin 10 birth 63 [63..77] x0",
      "Calves: Bovilis Huskvac birth 77 [56..77] x0 (season 1, lungworm risk)",
      "Calves: Bovilis Huskvac birth 105 [105..105] x0 (season 1, lungworm risk)",
      "Calves: Bovilis IBR Marker Live birth 91 [91..122] x0",
      "Weanlings: Bovilis Bovipast RSP birth 196 [42..196] x0 (season 1, unprimed)",
      "Weanlings: Bovilis Bovipast RSP birth 224 [224..224] x0 (season 1, unprimed)",
      "Weanlings: Covexin 10 birth 238 [238..238] x0",
      "Weanlings: Bovilis IBR Marker Live birth 273 [273..273] x0",
      "Ewes: Footvax breeding -42 [-42..-42] x1",
      "Ewes: Scabivax Forte birth -56 [-56..-49] x1",
      "Ewes: Heptavac P Plus birth -35 [-42..-28] x1",
      "Ewes: Footvax birth 70 [28..70] x1",
      "Ewes: Enzovax breeding -56 [-120..-28] x3",
      "Hoggets: Footvax breeding -84 [-84..-84] x0 (unprimed)",
      "Hoggets: Footvax breeding -42 [-42..-42] x0 (unprimed)",
      "Hoggets: Enzovax breeding -70 [-120..-28] x0",
      "Hoggets: Toxovax breeding -70 [-120..-21] x0",
      "Hoggets: Heptavac P Plus birth -77 [-77..-63] x0 (unprimed)",
      "Hoggets: Heptavac P Plus birth -35 [-42..-28] x0 (unprimed)",
      "Lamb: Scabivax Forte birth 1 [1..1] x0",
      "Lamb: Heptavac P Plus birth 21 [21..84] x0 (primed)",
      "Lamb: Heptavac P Plus birth 63 [49..126] x0 (primed)",
      "Ram: Footvax breeding -56 [-56..-56] x1",
      "Ram: Heptavac P Plus breeding -42 [-42..-42] x1",
      "Cows: Bovilis Leptavoid-H breeding 120 [120..120] x1 (season 2)",
      "Cows: Bovilis Leptavoid-H breeding -77 [-84..-70] x0 (season 1, unprimed)",
      "Cows: Bovilis Leptavoid-H breeding 78 [78..92] x0 (season 2, unprimed)",
      "Cows: Bovilis BVD breeding -56 [-56..-56] x0 (unprimed)",
      "Cows: Bovilis IBR Marker Live breeding 140 [140..168] x0 (unprimed)",
      "Cows: Covexin 10 birth -63 [-77..-63] x0 (unprimed)",
      "Cows: Bovilis Bovivac S birth -119 [-119..-119] x0 (unprimed)",
      "Cows: Bovilis Bovivac S birth -98 [-98..-98] x0 (unprimed)",
      "Replacement Heifers: Bovilis IBR Marker Live breeding 169 [169..169] x0 (unprimed)",
      "Replacement Heifers: Bovilis Huskvac breeding -112 [-112..-112] x0 (season 1, unprimed)",
      "Replacement Heifers: Bovilis Huskvac breeding -84 [-84..-84] x0 (season 1, unprimed)",
      "Replacement Heifers: Bovilis Huskvac breeding 91 [91..91] x0 (season 2, unprimed)",
      "Replacement Heifers: Bovilis Huskvac breeding 119 [119..119] x0 (season 2, unprimed)",
      "Calves: Bovilis Huskvac birth 182 [182..182] x0 (season 2, lungworm risk)",
      "Calves: Bovilis Huskvac birth 210 [210..210] x0 (season 2, lungworm risk)",
      "Calves: Bovilis Bovivac S birth 21 [21..21] x0",
      "Calves: Bovilis Bovivac S birth 42 [42..42] x0",
      "Calves: Bovilis Ringvac birth 154 [14..154] x0",
      "Calves: Bovilis Ringvac birth 168 [164..168] x0",
      "Weanlings: Bovilis Bovipast RSP birth 49 [42..49] x0 (season 2, unprimed)",
      "Weanlings: Bovilis Bovipast RSP birth 77 [77..77] x0 (season 2, unprimed)",
      "Ewes: Toxovax breeding -56 [-120..-21] x1",
      "Ewes: Heptavac P Plus birth -77 [-77..-63] x0 (unprimed)",
      "Lamb: Heptavac P Plus birth 21 [21..21] x0 (unprimed)",
      "Lamb: Heptavac P Plus birth 63 [49..63] x0 (unprimed)",
      "Replacement Heifers: Covexin 10 breeding -98 [-98..-98] x0",
      "Replacement Heifers: Bovilis Leptavoid-H breeding 133 [133..133] x0 (season 2)",
      "Replacement Heifers: Bovilis BVD breeding -28 [-28..-28] x0 (primed)",
      "Replacement Heifers: Bovilis Leptavoid-H breeding -42 [-42..-14] x0 (primed)",
      "Replacement Heifers: Covexin 10 breeding -140 [-140..-126] x0 (unprimed)",
      "Weanlings: Covexin 10 birth 210 [210..210] x0 (unprimed)",
      "Weanlings: Bovilis Bovipast RSP birth 224 [224..224] x0 (season 1, primed)",
      "Weanlings: Bovilis Bovipast RSP birth 77 [77..77] x0 (season 2, primed)",
      "Hoggets: Heptavac P Plus birth -35 [-42..-28] x0 (primed)",
      "Hoggets: Footvax breeding -42 [-42..-42] x0 (primed)",
      "Ram: Heptavac P Plus breeding -84 [-84..-70] x0 (unprimed)",
      "Ram: Footvax breeding -98 [-98..-98] x0 (unprimed)",
      "Ewes: Footvax breeding -84 [-84..-84] x0 (unprimed)",
    ]);
  });

  it("each carry a window holding the preferred day, and the source it comes from", () => {
    expect(windowedTemplates.map(({ id }) => id)).toEqual(shotTemplates.map(({ id }) => id));
    for (const template of windowedTemplates) {
      const preferred = template.birth_days ?? template.breeding_days ?? Number.NaN;
      const { earliest_days, latest_days, source_note } = template;
      expect(earliest_days, `template ${template.id}`).toBeLessThanOrEqual(preferred);
      expect(latest_days, `template ${template.id}`).toBeGreaterThanOrEqual(preferred);
      // Every window names its source ([Sn] of the reference document), or says none was found.
      expect(source_note, `template ${template.id}`).toMatch(/\(S\d+|No (dated )?window/);
    }
  });

  it("seed the database as it stores them today: without windows", () => {
    for (const template of shotTemplates) {
      expect(Object.keys(template), `template ${template.id}`).not.toContain("earliest_days");
      expect(Object.keys(template), `template ${template.id}`).not.toContain("lungworm_risk_only");
    }
  });

  it("each hang on exactly one anchor the animal has", () => {
    for (const template of shotTemplates) {
      const animal = findById(animals, template.animal_id);
      expect((template.birth_days === null) !== (template.breeding_days === null)).toBe(true);
      if (template.birth_days !== null) expect(animal.hasBirthDate, animal.name).toBe(true);
      if (template.breeding_days !== null) expect(animal.isAdult, animal.name).toBe(true);
    }
  });

  it("are each reachable through a disease's default vaccine for that animal", () => {
    for (const template of shotTemplates) {
      const reachable = diseases.some((disease) =>
        disease.animals.some(
          (row) => row.animal_id === template.animal_id && row.vaccine_id === template.vaccine_id,
        ),
      );
      expect(reachable, `template ${template.id}`).toBe(true);
    }
  });

  it("never fall before a young animal's minimum age for the vaccine", () => {
    for (const template of shotTemplates) {
      if (findById(animals, template.animal_id).isAdult || template.birth_days === null) continue;
      const minAge = findById(vaccines, template.vaccine_id).rules.min_age_days ?? 0;
      expect(template.birth_days, `template ${template.id}`).toBeGreaterThanOrEqual(minAge);
    }
  });

  // The reference document says its defaults pass every rule check in all seasons; this keeps
  // them that way when someone edits a date. It is a test-local model, not the engine.
  describe.each(combinations.map((combination) => [combination.id, combination] as const))(
    "in combination %i",
    (_id, combination) => {
      const shots = placeTemplateShots(combination);

      it("keep vaccines 14 days apart unless the pair is compatible", () => {
        for (const shot of shots) {
          for (const other of shots) {
            if (other.template.id <= shot.template.id) continue;
            // Calves' Bovivac S keeps the SPC's age (about 3 weeks) rather than clear the calves'
            // other courses (the reference document's 2026-11-27 review, S11).
            if ([shot, other].some(({ template }) => calvesBovivacS.includes(template.id)))
              continue;
            const vaccine = findById(vaccines, shot.template.vaccine_id);
            if (other.template.vaccine_id === vaccine.id) continue;
            if (vaccine.rules.compatible_vaccine_ids.includes(other.template.vaccine_id)) continue;
            expect(
              Math.abs(shot.day - other.day),
              `templates ${shot.template.id} and ${other.template.id}`,
            ).toBeGreaterThanOrEqual(14);
          }
        }
      });

      it("respect each vaccine's breeding, pregnancy, blackout and window rules", () => {
        const births = listAnchorDays(combination.birth_date);
        const breedings = listAnchorDays(combination.breeding_date);
        for (const { template, day } of shots) {
          const rules = findById(vaccines, template.vaccine_id).rules;
          const label = `template ${template.id}`;
          for (const breeding of breedings) {
            if (rules.min_days_before_breeding !== null && day <= breeding) {
              expect(breeding - day, label).toBeGreaterThanOrEqual(rules.min_days_before_breeding);
            }
            const nextBirth = births.find((birth) => birth > breeding);
            if (rules.not_in_pregnancy && nextBirth !== undefined) {
              expect(day >= breeding && day < nextBirth, label).toBe(false);
            }
          }
          for (const birth of births) {
            const blackout = rules.blackout_birth_days;
            if (blackout) {
              expect(day - birth >= blackout.from && day - birth <= blackout.to, label).toBe(false);
            }
          }
          const window = rules.window_birth_days;
          const nextBirth = births.find((birth) => birth >= day);
          if (window && nextBirth !== undefined) {
            expect(day - nextBirth, label).toBeGreaterThanOrEqual(window.from);
            expect(day - nextBirth, label).toBeLessThanOrEqual(window.to);
          }
        }
      });
    },
  );
});

describe("warnings", () => {
  const bySlug = (slug: string) => warnings.find((warning) => warning.slug === slug);

  it("include a preset for every slug callers use", () => {
    expect(warnings.map((warning) => warning.slug).sort()).toEqual(
      Object.values(WarningSlug).sort(),
    );
  });

  it("use the spec's texts word for word", () => {
    expect(bySlug(WarningSlug.deleteCalendar)?.body).toBe(
      "Are you sure you want to delete this calendar?",
    );
    expect(bySlug(WarningSlug.logout)).toMatchObject({
      body: "Are you sure you want to logout?",
      button_confirm: "Logout",
      button_cancel: "Cancel",
    });
    expect(bySlug(WarningSlug.recurrentShotMirror)?.body).toBe(
      "This is a yearly recurrent vaccination. To edit this shot, please edit the first occurrence.",
    );
  });

  it("let the farmer keep or remove past shots, and make max shots a confirmation", () => {
    const past = bySlug(WarningSlug.shotsInThePastFound);
    expect(past?.button_confirm).toMatch(/keep/i);
    expect(past?.button_cancel).toMatch(/remove/i);
    const max = bySlug(WarningSlug.maxShotsReached);
    expect(max?.severity).toBe("alert");
    expect(max?.button_confirm).not.toBeNull();
    expect(max?.body).toContain("{vaccine}");
    expect(max?.body).toContain("{max}");
  });

  it("name the rule and its source in every protocol check, without blocking", () => {
    const ruleSlugs = Object.values(WarningSlug).filter((slug) => slug.startsWith("rule"));
    expect(ruleSlugs).toHaveLength(6);
    for (const slug of ruleSlugs) {
      const warning = bySlug(slug);
      expect(warning?.body, slug).toMatch(/Rule: .+Source: /);
      expect(warning?.button_confirm, slug).not.toBeNull();
    }
  });

  it("use only the placeholders declared for them, and all of those", () => {
    for (const warning of warnings) {
      const used = new Set(
        [...`${warning.title} ${warning.body}`.matchAll(/\{(\w+)\}/g)].map((match) => match[1]),
      );
      const declared = warningPlaceholders[warning.slug as WarningSlug];
      expect([...used].sort(), warning.slug).toEqual([...declared].sort());
    }
  });
});

describe("demo data", () => {
  it("uses reserved e-mail addresses only", () => {
    for (const manager of demoData.territoryManagers) {
      expect(manager.territory_manager_email).toMatch(/^[a-z.]+@example\.com$/);
    }
  });
});

describe("renderVaccineBadgeSvg", () => {
  it("draws the initials on the accent colour", () => {
    const svg = renderVaccineBadgeSvg({ name: "Covexin 10", accent_color: "69,90,100" });
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toMatch(/<\/svg>$/);
    expect(svg).toContain('fill="rgb(69,90,100)"');
    expect(svg).toContain(">Co10</text>");
    expect(svg).toContain("<title>Covexin 10</title>");
  });

  it("keeps the text readable: white on dark colours, dark on light ones", () => {
    expect(renderVaccineBadgeSvg({ name: "Enzovax", accent_color: "74,20,140" })).toContain(
      'fill="#ffffff"',
    );
    expect(renderVaccineBadgeSvg({ name: "Spirovac", accent_color: "249,168,37" })).toContain(
      'fill="#1a1a1a"',
    );
  });

  it("escapes names so an admin-edited name cannot break the markup", () => {
    const svg = renderVaccineBadgeSvg({ name: 'A<b>&"c', accent_color: "0,0,0" });
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("A&#60;b&#62;&#38;&#34;c");
  });

  it("gives the look-alike products initials of their own", () => {
    expect(buildVaccineInitials("Bovilis BVD")).toBe("BVD");
    expect(buildVaccineInitials("Bovilis IBR Marker Live")).not.toBe(
      buildVaccineInitials("Bovilis IBR Marker Inac"),
    );
    expect(buildVaccineInitials("Bultavo 3")).not.toBe(buildVaccineInitials("Bluevac-3"));
    const initials = vaccines.map((vaccine) => buildVaccineInitials(vaccine.name));
    expect(listDuplicates(initials)).toEqual([]);
    for (const text of initials) expect(text.length).toBeLessThanOrEqual(4);
  });

  it("gives every seeded vaccine distinct initials-and-colour badges", () => {
    const badges = vaccines.map((vaccine) => renderVaccineBadgeSvg(vaccine));
    expect(listDuplicates(badges)).toEqual([]);
  });
});

/** Days since 1970 of a `yearOffset.MM.DD` date placed on base year 2025 (not a leap year). */
function resolveOffsetDate(text: string): number {
  const [offset, month, day] = text.split(".").map(Number);
  return Date.UTC(2025 + Number(offset), Number(month) - 1, Number(day)) / 86_400_000;
}

/** The anchor's occurrences over a few seasons, since yearly cycles wrap around the year. */
function listAnchorDays(text: string | null): number[] {
  if (text === null) return [];
  const day = resolveOffsetDate(text);
  return [-2, -1, 0, 1, 2].map((years) => day + years * 365);
}

/** Places an animal's templates on the combination's dates, with yearly repeats either side. */
function placeTemplateShots(combination: {
  animal_id: number;
  season_id: number;
  birth_date: string | null;
  breeding_date: string | null;
}): Array<{ template: ShotTemplate; day: number }> {
  const placed: Array<{ template: ShotTemplate; day: number }> = [];
  const inSeason = (t: ShotTemplate) =>
    t.season_id === null || t.season_id === combination.season_id;
  for (const template of shotTemplates.filter(
    (t) => t.animal_id === combination.animal_id && inSeason(t),
  )) {
    const anchor =
      template.birth_days !== null ? combination.birth_date : combination.breeding_date;
    const offset = template.birth_days ?? template.breeding_days ?? 0;
    if (anchor === null) throw new Error(`Template ${template.id} has no anchor date`);
    const day = resolveOffsetDate(anchor) + offset;
    const repeats = template.is_recurrent === 0 ? [0] : [-1, 0, 1];
    for (const cycle of repeats) {
      placed.push({ template, day: day + cycle * 365 * Math.max(template.is_recurrent, 1) });
    }
  }
  return placed;
}

describe("rule facts the database does not store yet (decision 415)", () => {
  const engineVaccine = (name: string) => {
    const found = referenceDataWithWindows.vaccines.find((vaccine) => vaccine.name === name);
    if (found === undefined) throw new Error(`No vaccine ${name}`);
    return found;
  };

  it("reach the engine, not the seed", () => {
    expect(engineVaccine("Bovela").rules.crosses_placenta).toBe(true);
    for (const vaccine of referenceData.vaccines) {
      expect(Object.keys(vaccine.rules), vaccine.name).not.toContain("crosses_placenta");
      expect(Object.keys(vaccine.rules), vaccine.name).not.toContain("handler_warning");
    }
  });

  it("tell the person giving a live orf vaccine what the SPC asks, in the vaccine's warning too", () => {
    for (const name of ["Scabivax Forte", "Scabigard"]) {
      const vaccine = engineVaccine(name);
      expect(vaccine.rules.handler_warning, name).toMatch(/gloves.*pregnant.*immune system/);
      expect(vaccine.warning_message, name).toContain(vaccine.rules.handler_warning ?? "");
      expect(vaccine.source_note, name).toMatch(/S20.*CDC MMWR 2006/);
    }
  });
});
