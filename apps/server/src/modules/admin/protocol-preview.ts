import {
  PreviewChange,
  type AdminSeasonDefault,
  type HerdStatus,
  type PreviewSeason,
  type PreviewShot,
  type ShotTemplate,
} from "@vaxcal/contracts";
import {
  buildCalendar,
  checkProtocol,
  resolveSeasonDefaults,
  type Calendar,
  type IsoDate,
} from "@vaxcal/schedule";
import { toEngineDiseases, type AnimalOffer } from "../reference/index.ts";
import type { AnimalFacts } from "./protocols.repository.ts";

/** The reference data one animal's default calendars are generated from. */
export type AnimalProtocol = {
  offers: readonly AnimalOffer[];
  shotTemplates: readonly ShotTemplate[];
  seasonDefaults: readonly AdminSeasonDefault[];
};

/**
 * The default calendar a farmer gets for one season, generated exactly as the calendar builder
 * generates it (decision 406): step 1's season dates from the engine's `resolveSeasonDefaults`,
 * then step 2's shots from `buildCalendar`, every disease offered for the animal ticked, the
 * herd status as given (the default is primed), and the engine's protocol checks on the result.
 */
function buildDefaultCalendar(
  animal: AnimalFacts,
  season: AdminSeasonDefault,
  protocol: AnimalProtocol,
  herdStatus: Record<string, HerdStatus>,
  today: IsoDate,
): Calendar {
  // As step 2 offers them: a product an admin retired is left out of new calendars.
  const offers = protocol.offers.filter((offer) => !offer.retired);
  const diseases = toEngineDiseases(offers, animal.id);
  const defaults = resolveSeasonDefaults(
    {
      animal_id: animal.id,
      season_id: season.season_id,
      birth_date: season.birth_date,
      breeding_date: season.breeding_date,
    },
    today,
    animal,
    { diseases, shotTemplates: protocol.shotTemplates },
  );
  return buildCalendar({
    setup: {
      enterprise: { id: season.enterprise_id },
      season: { id: season.season_id },
      animal: { id: animal.id, isAdult: animal.isAdult, hasBirthDate: animal.hasBirthDate },
      // As step 1 sends them: a birth date unless the animal has none, a breeding date for adults.
      birthDate: animal.hasBirthDate ? defaults.birthDate : null,
      breedingDate: animal.isAdult ? defaults.breedingDate : null,
      herdStatus,
    },
    diseases,
    vaccines: offers.map((offer) => offer.vaccine),
    shotTemplates: protocol.shotTemplates,
    today,
  });
}

type CalendarView = PreviewSeason["current"];

function describeCalendar(calendar: Calendar, protocol: AnimalProtocol): CalendarView {
  const diseaseNames = new Map(protocol.offers.map(({ disease }) => [disease.id, disease.name]));
  const shots: PreviewShot[] = [];
  for (const column of calendar.diseases) {
    for (const shot of column.shots) {
      if (shot.isMirroredCopy || shot.date === null) continue;
      const vaccineName = column.vaccine?.name ?? "";
      shots.push({
        id: shot.id,
        disease_id: column.diseaseId,
        disease_name: diseaseNames.get(column.diseaseId) ?? "",
        vaccine_name: vaccineName,
        template_id: shot.templateId !== null && shot.templateId > 0 ? shot.templateId : null,
        label: shot.custom_name ?? vaccineName,
        date: shot.date,
        is_recurrent: shot.is_recurrent,
        change: null,
      });
    }
  }
  shots.sort(
    (left, right) => left.date.localeCompare(right.date) || left.id.localeCompare(right.id),
  );
  return {
    birth_date: calendar.setup.birthDate,
    breeding_date: calendar.setup.breedingDate,
    shots,
    warnings: checkProtocol(calendar, { shotTemplates: protocol.shotTemplates }).map((warning) => ({
      rule: warning.rule,
      message: warning.message,
      is_new: false,
    })),
  };
}

/**
 * One season's default calendar with the current data and with the proposed data, side by side:
 * shots matched by their engine id (disease and template), marked moved, added or removed, and
 * the proposed calendar's rule checks marked new when the current one does not raise them.
 */
export function previewSeason(input: {
  animal: AnimalFacts;
  season: AdminSeasonDefault;
  current: AnimalProtocol;
  proposed: AnimalProtocol;
  herdStatus: Record<string, HerdStatus>;
  today: IsoDate;
}): PreviewSeason {
  const { animal, season, herdStatus, today } = input;
  const proposedSeason =
    input.proposed.seasonDefaults.find((candidate) => candidate.id === season.id) ?? season;
  const current = describeCalendar(
    buildDefaultCalendar(animal, season, input.current, herdStatus, today),
    input.current,
  );
  const proposed = describeCalendar(
    buildDefaultCalendar(animal, proposedSeason, input.proposed, herdStatus, today),
    input.proposed,
  );
  const currentById = new Map(current.shots.map((shot) => [shot.id, shot]));
  const proposedById = new Map(proposed.shots.map((shot) => [shot.id, shot]));
  const differences: PreviewSeason["differences"] = [];
  for (const shot of proposed.shots) {
    const before = currentById.get(shot.id);
    if (before === undefined) {
      shot.change = PreviewChange.added;
    } else if (before.date !== shot.date) {
      shot.change = PreviewChange.moved;
      before.change = PreviewChange.moved;
    } else {
      continue;
    }
    differences.push({
      change: shot.change,
      shot_id: shot.id,
      disease_name: shot.disease_name,
      label: shot.label,
      before: before?.date ?? null,
      after: shot.date,
    });
  }
  for (const shot of current.shots) {
    if (proposedById.has(shot.id)) continue;
    shot.change = PreviewChange.removed;
    differences.push({
      change: PreviewChange.removed,
      shot_id: shot.id,
      disease_name: shot.disease_name,
      label: shot.label,
      before: shot.date,
      after: null,
    });
  }
  differences.sort((left, right) =>
    (left.after ?? left.before ?? "").localeCompare(right.after ?? right.before ?? ""),
  );
  const currentWarnings = new Set(current.warnings.map((warning) => warning.message));
  for (const warning of proposed.warnings) warning.is_new = !currentWarnings.has(warning.message);
  return {
    combination_id: season.id,
    enterprise: { id: season.enterprise_id, name: season.enterprise_name },
    season: { id: season.season_id, name: season.season_name },
    herd_status: Object.values(herdStatus).includes("unprimed") ? "unprimed" : "primed",
    current,
    proposed,
    differences,
  };
}
