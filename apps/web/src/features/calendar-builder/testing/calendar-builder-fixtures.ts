import {
  ErrorCode,
  referenceLists,
  type ErrorBody,
  type ReferenceLists,
  type ScopedDisease,
  type ShotTemplate,
} from "@vaxcal/contracts";
import { referenceData, referenceDataWithWindows } from "@vaxcal/reference-data";
import { buildCalendar, type IsoDate } from "@vaxcal/schedule";
import { http, HttpResponse } from "msw";

/*
 * Test data for the calendar builder: the real reference dataset, shaped as the API serves it,
 * and an MSW handler for the scoped diseases call that computes shots as the server does.
 */

/** The seeded reference lists in the API's shapes (the reference module's mapping). */
export const fullReferenceLists: ReferenceLists = {
  enterprises: referenceData.enterprises.map((enterprise) => ({
    ...enterprise,
    animals: enterprise.animalArray.map((animalId) => ({
      id: animalId,
      name: referenceData.animals.find((animal) => animal.id === animalId)?.name ?? "",
    })),
  })),
  animals: referenceData.animals.map((animal) => ({
    ...animal,
    seasons: [
      ...new Set(
        referenceData.combinations
          .filter((combination) => combination.animal_id === animal.id)
          .map((combination) => combination.season_id),
      ),
    ].sort((left, right) => left - right),
    diseases: referenceData.diseases
      .filter((disease) => disease.animals.some((offer) => offer.animal_id === animal.id))
      .map((disease) => disease.id),
  })),
  diseases: referenceData.diseases,
  vaccines: referenceData.vaccines,
  seasons: referenceData.seasons.map((season) => ({
    ...season,
    animals: referenceData.combinations
      .filter((combination) => combination.season_id === season.id)
      .map((combination) => ({
        id: combination.animal_id,
        name:
          referenceData.animals.find((animal) => animal.id === combination.animal_id)?.name ?? "",
        pivot: {
          enterprise_id: combination.enterprise_id,
          birth_date: combination.birth_date,
          breeding_date: combination.breeding_date,
        },
      })),
  })),
  animalEnterpriseSeasonCombinations: referenceData.combinations,
  warnings: referenceData.warnings,
  // As the server serves them: with each template's window (decision 414).
  shotTemplates: referenceDataWithWindows.shotTemplates,
  territoryManagers: [],
  vets: [],
};

export function createFullReferenceHandlers() {
  return (Object.keys(referenceLists) as (keyof ReferenceLists)[]).map((key) =>
    http.get(referenceLists[key].path, ({ request }) => {
      // The scoped call shares the path; its handler answers it.
      if (new URL(request.url).searchParams.has("seasonComboId")) return undefined;
      return HttpResponse.json(fullReferenceLists[key]);
    }),
  );
}

/** The scoped diseases of a combination, computed with the engine as the server does. */
export function computeScopedDiseases(
  combinationId: number,
  birthDate: IsoDate | null,
  breedingDate: IsoDate | null,
  today: IsoDate,
  unprimedDiseaseIds: readonly number[] = [],
  lungwormRisk?: boolean,
  shotTemplates: readonly ShotTemplate[] = referenceDataWithWindows.shotTemplates,
): ScopedDisease[] {
  const combination = referenceData.combinations.find(
    (candidate) => candidate.id === combinationId,
  );
  const animal = referenceData.animals.find((candidate) => candidate.id === combination?.animal_id);
  if (!combination || !animal) return [];
  const diseases = referenceData.diseases.filter((disease) =>
    disease.animals.some((offer) => offer.animal_id === animal.id),
  );
  const calendar = buildCalendar({
    setup: {
      enterprise: { id: combination.enterprise_id },
      season: { id: combination.season_id },
      animal: { id: animal.id, isAdult: animal.isAdult },
      birthDate: animal.hasBirthDate ? birthDate : null,
      breedingDate,
      herdStatus: Object.fromEntries(
        unprimedDiseaseIds.map((diseaseId) => [String(diseaseId), "unprimed" as const]),
      ),
      ...(lungwormRisk === undefined ? {} : { lungwormRisk }),
    },
    diseases,
    vaccines: referenceData.vaccines,
    shotTemplates,
    today,
  });
  return diseases.map(({ animals, ...disease }) => {
    const vaccineId = animals.find((offer) => offer.animal_id === animal.id)?.vaccine_id;
    const vaccine = referenceData.vaccines.find((candidate) => candidate.id === vaccineId);
    const shots = calendar.diseases.find((column) => column.diseaseId === disease.id)?.shots ?? [];
    // The server signs what the shots came from (decision 405); the browser only carries it.
    const protocolStamp = `test-stamp-${vaccine?.id}`;
    return vaccine
      ? { ...disease, vaccine: { ...vaccine, shots: [...shots], protocolStamp } }
      : disease;
  });
}

/**
 * GET /api/diseases?… answered like the server, counting the calls. `shotTemplates` without
 * windows answers as a server before decision 414, whose past doses given once keep their date.
 */
export function createScopedDiseasesHandler(
  today: IsoDate,
  calls: string[] = [],
  shotTemplates: readonly ShotTemplate[] = referenceDataWithWindows.shotTemplates,
) {
  return http.get(referenceLists.diseases.path, ({ request }) => {
    const query = new URL(request.url).searchParams;
    if (!query.has("seasonComboId")) return undefined;
    calls.push(request.url);
    return HttpResponse.json(
      computeScopedDiseases(
        Number(query.get("seasonComboId")),
        query.get("birthDate"),
        query.get("breedingDate"),
        today,
        (query.get("unprimed") ?? "").split(",").filter(Boolean).map(Number),
        query.has("lungwormRisk") ? query.get("lungwormRisk") === "yes" : undefined,
        shotTemplates,
      ),
    );
  });
}

export function createFailingScopedDiseasesHandler() {
  return http.get(referenceLists.diseases.path, ({ request }) => {
    if (!new URL(request.url).searchParams.has("seasonComboId")) return undefined;
    return HttpResponse.json<ErrorBody>(
      { error: { code: ErrorCode.internal, message: "Internal server error" } },
      { status: 500 },
    );
  });
}
