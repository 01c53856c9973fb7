import {
  calendarLimits,
  checkBirthEndDate,
  checkYoungestBirthDate,
  calendarMessages,
  type ErrorIssue,
  type CalendarSetup as PayloadSetup,
  type ParsedSubmitCalendarRequest,
} from "@vaxcal/contracts";
import {
  prepareForSubmit,
  resolveCalendarYear,
  restoreCalendar,
  selectColumnProtocol,
  type CalendarSetup,
  type IsoDate,
  type SavedShot,
  type Shot,
  type ShotTemplateInput,
  type VaccineInput,
} from "@vaxcal/schedule";
import { createProtocolStamp, readProtocolStamp } from "./protocol-stamp.ts";
import { createValidationError } from "../../../errors/validation-error.ts";
import type { StoredSeed } from "./calendar-plans.repository.ts";
import type { AnimalVaccineInputs } from "../../reference/index.ts";
import type {
  CalendarSetupColumns,
  SavedColumn,
  SetupCombination,
} from "./calendars.repository.ts";

/** Everything a submission is checked against, read before the check. */
export type SubmissionReference = {
  /** The combination the setup names; null when it names none. */
  combination: SetupCombination | null;
  /** The diseases offered for the setup's animal, their vaccines and its shot templates. */
  inputs: AnimalVaccineInputs;
  /** Which of the submitted disease ids that are not offered exist at all (unknown, or not offered?). */
  knownDiseaseIds: ReadonlySet<number>;
  /**
   * The columns (disease id → vaccine id) of the saved calendar being replaced: one whose product
   * was retired since may stay; no other column may have a retired product. Empty for a new one.
   */
  savedColumns?: ReadonlyMap<number, number | null>;
  /**
   * The saved columns' own vaccines that are no longer their disease's default (decision 405):
   * such a column keeps its vaccine on an edit until the farmer accepts the update.
   */
  savedVaccines?: readonly VaccineInput[];
  /**
   * The app's secret, which signed the scoped call's protocol stamps (decision 405). Without it
   * a column's stamp is not read and the column gets today's protocol.
   */
  stampSecret?: string;
};

/** A submission that passed every check, in the form it is stored. */
export type CheckedCalendar = {
  combination: SetupCombination;
  setup: CalendarSetup;
  setupColumns: CalendarSetupColumns;
  /** Each column with its plan: the first occurrences, whose copies are derived on read. */
  columns: SavedColumn[];
  /** The columns' disease names, in order, for the listing's `diseases` text. */
  diseaseNames: string[];
};

type SubmitData = ParsedSubmitCalendarRequest["data"];

// A payload with thousands of bad shots would otherwise answer with thousands of issues.
const mostIssues = 50;
// Before the engine lays out mirrored copies, refuse a payload whose copies alone would be huge.
const mostShotsBeforeSubmit = calendarLimits.shots * 10;
const gridYearsAfterCalendarYear = 3;

class IssueList {
  readonly issues: ErrorIssue[] = [];
  add(path: string, message: string): void {
    if (this.issues.length < mostIssues) this.issues.push({ path: `body.${path}`, message });
  }
  throwIfAny(): void {
    if (this.issues.length > 0) throw createValidationError(this.issues);
  }
}

/**
 * docs/product.md §5 and §9: adults need a breeding date; every animal but the ram a birth date.
 */
function checkSetup(data: SubmitData, combination: SetupCombination | null, issues: IssueList) {
  const { setup } = data;
  if (combination === null) {
    issues.add("data.setup", calendarMessages.combinationUnknown);
    return;
  }
  if (setup.animal.isAdult !== combination.isAdult) {
    issues.add("data.setup.animal.isAdult", calendarMessages.isAdultMismatch);
  }
  if (combination.hasBirthDate && setup.birthDate === null) {
    issues.add("data.setup.birthDate", calendarMessages.birthDateRequired);
  }
  if (combination.isAdult && setup.breedingDate === null) {
    issues.add("data.setup.breedingDate", calendarMessages.breedingDateRequired);
  }
  // Decision 416: the calving or lambing block's last date, when sent.
  const blockIssue = combination.isAdult
    ? checkBirthEndDate(setup.birthDate, setup.birthEndDate)
    : null;
  if (blockIssue !== null) issues.add("data.setup.birthEndDate", blockIssue);
}

/**
 * Checks a submitted calendar against the reference data and the engine, and returns what to
 * store: the plan of `prepareForSubmit(restoreCalendar(data))`. Only first occurrences are read;
 * mirrored copies are laid out again by the same engine the browser ran, counted against the
 * limits, then left out: a saved calendar stores its first occurrences and derives the copies on
 * read (decision 402). Throws a 400 listing every problem.
 */
export function checkCalendarSubmission(
  data: SubmitData,
  reference: SubmissionReference,
  today: IsoDate,
): CheckedCalendar {
  const { setup } = data;
  const issues = new IssueList();
  checkSetup(data, reference.combination, issues);
  // Decision 422: the youngest was born on a real day, not after today nor absurdly long ago.
  const youngestIssue = checkYoungestBirthDate(setup.youngestBirthDate, today);
  if (youngestIssue !== null) issues.add("data.setup.youngestBirthDate", youngestIssue);
  issues.throwIfAny();
  const { combination } = reference;
  if (combination === null) throw new Error("unreachable: a missing combination is an issue");
  const { offers, shotTemplates } = reference.inputs;
  // Looked up by id, so the check stays linear in the payload's columns and shots.
  const offersByDisease = new Map(offers.map((offer) => [offer.disease.id, offer]));
  const templatesById = new Map(shotTemplates.map((template) => [template.id, template]));
  const animalId = setup.animal.id;
  const engineSetup: CalendarSetup = {
    enterprise: { id: setup.enterprise.id },
    season: { id: setup.season.id },
    animal: { id: animalId, isAdult: combination.isAdult, hasBirthDate: combination.hasBirthDate },
    // docs/product.md §3 "Herd status": the answers travel with the setup and are kept with it.
    ...(setup.herdStatus === undefined ? {} : { herdStatus: setup.herdStatus }),
    // Decision 419: the lungworm answer decides whether suckler calves get Huskvac.
    ...(setup.lungwormRisk === undefined ? {} : { lungwormRisk: setup.lungwormRisk }),
    // Decision 422: a dose with a minimum age waits for the youngest of the group.
    ...(setup.youngestBirthDate == null ? {} : { youngestBirthDate: setup.youngestBirthDate }),
    // The ram has no birth date (docs/product.md §9): one sent for him is ignored, as step 2
    // ignores it.
    birthDate: combination.hasBirthDate ? setup.birthDate : null,
    // Decision 416: an adult's calving or lambing block; young stock's birth is their own.
    birthEndDate:
      combination.isAdult && combination.hasBirthDate ? (setup.birthEndDate ?? null) : null,
    breedingDate: setup.breedingDate,
  };
  const calendarYear = resolveCalendarYear(engineSetup, today);
  const gridLastYear = calendarYear + gridYearsAfterCalendarYear;

  /*
   * Decision 405: the protocol each column's shots were generated from. A stamp naming today's
   * protocol (nearly always) costs one signature; an older one is read and must be this column's:
   * its disease, its vaccine, that vaccine's templates for this animal. Anything else was not
   * handed out by this server and is refused. `isStamped`: the stamp proves the column's vaccine
   * was its disease's default for the animal when its shots were made.
   */
  const protocols = new Map<number, ShotTemplateInput[]>();
  const readColumnProtocol = (
    column: SubmitData["diseases"][number],
    path: string,
  ): { protocol: ShotTemplateInput[]; isStamped: boolean } => {
    const current = selectColumnProtocol(shotTemplates, column.vaccineId, animalId);
    const { stampSecret } = reference;
    if (column.protocolStamp === undefined || stampSecret === undefined) {
      return { protocol: current, isStamped: false };
    }
    if (column.vaccineId !== null) {
      const today = { diseaseId: column.id, vaccineId: column.vaccineId, protocol: current };
      if (createProtocolStamp(stampSecret, today) === column.protocolStamp) {
        return { protocol: current, isStamped: true };
      }
    }
    const stamped = readProtocolStamp(stampSecret, column.protocolStamp);
    const fits =
      stamped !== null &&
      stamped.diseaseId === column.id &&
      stamped.vaccineId === column.vaccineId &&
      stamped.protocol.every(
        (template) => template.vaccine_id === column.vaccineId && template.animal_id === animalId,
      );
    if (!fits) {
      issues.add(`${path}.protocolStamp`, calendarMessages.protocolStampInvalid);
      return { protocol: current, isStamped: false };
    }
    return { protocol: [...stamped.protocol].sort((a, b) => a.id - b.id), isStamped: true };
  };

  /** The column keeps the vaccine the saved calendar has (retired, or no longer the default). */
  const isSavedVaccine = (column: SubmitData["diseases"][number]): boolean =>
    column.vaccineId !== null && reference.savedColumns?.get(column.id) === column.vaccineId;

  const seenDiseases = new Set<number>();
  const seenShots = new Set<string>();
  let shotsBeforeSubmit = 0;
  data.diseases.forEach((column, columnIndex) => {
    const path = `data.diseases.${columnIndex}`;
    const offer = offersByDisease.get(column.id);
    const { protocol, isStamped } = readColumnProtocol(column, path);
    if (offer === undefined) {
      const message = reference.knownDiseaseIds.has(column.id)
        ? calendarMessages.diseaseNotOffered
        : calendarMessages.diseaseUnknown;
      issues.add(`${path}.id`, message);
    } else if (seenDiseases.has(column.id)) {
      issues.add(`${path}.id`, calendarMessages.diseaseRepeated);
    } else if (column.vaccineId !== offer.vaccine.id) {
      // Decision 405: a column whose disease has another default vaccine now keeps its own when
      // the saved calendar has it, or its stamp shows it was the default when the shots were
      // made (the farmer is then told of the change at once).
      if (!isSavedVaccine(column) && !isStamped) {
        issues.add(`${path}.vaccineId`, calendarMessages.vaccineMismatch);
      }
    } else if (offer.retired && !isSavedVaccine(column)) {
      issues.add(`${path}.id`, calendarMessages.vaccineRetired);
    }
    seenDiseases.add(column.id);
    if (!protocols.has(column.id)) protocols.set(column.id, protocol);
    // A shot of a template that left the protocol after the calendar was made is still one of
    // the protocol it was made from: it is saved, and the farmer is told it is taken off.
    const stampedTemplateIds = new Set(protocol.map((template) => template.id));

    column.shots.forEach((shot, shotIndex) => {
      const shotPath = `${path}.shots.${shotIndex}`;
      if (shot.diseaseId !== undefined && shot.diseaseId !== column.id) {
        issues.add(`${shotPath}.diseaseId`, calendarMessages.shotDiseaseMismatch);
      }
      if (seenShots.has(shot.id)) issues.add(`${shotPath}.id`, calendarMessages.shotRepeated);
      seenShots.add(shot.id);
      const templateId = shot.templateId ?? null;
      if (templateId !== null) {
        const template = templatesById.get(templateId);
        const isTemplateOfColumn =
          template === undefined
            ? stampedTemplateIds.has(templateId)
            : template.vaccine_id === column.vaccineId;
        if (!isTemplateOfColumn) {
          issues.add(`${shotPath}.templateId`, calendarMessages.templateUnknown);
        }
      }
      if (shot.cycle === 1 && shot.date !== null) {
        const year = Number(shot.date.slice(0, 4));
        shotsBeforeSubmit +=
          shot.is_recurrent >= 1 ? Math.floor((gridLastYear - year) / shot.is_recurrent) + 1 : 1;
      }
    });
  });
  if (shotsBeforeSubmit > mostShotsBeforeSubmit) {
    issues.add("data.diseases", calendarMessages.tooManyShots);
  }
  issues.throwIfAny();

  const restored = restoreCalendar({
    setup: engineSetup,
    diseases: data.diseases.map((column) => ({
      id: column.id,
      vaccineId: column.vaccineId,
      shots: column.shots.map((shot): SavedShot => ({
        id: shot.id,
        templateId: shot.templateId ?? null,
        date: shot.date,
        custom_name: shot.custom_name,
        is_recurrent: shot.is_recurrent,
        cycle: shot.cycle,
        userInitiated: shot.userInitiated,
      })),
    })),
    vaccines: [
      ...offers.map((offer) => offer.vaccine),
      ...(reference.savedVaccines ?? []).filter(
        (vaccine) => !offers.some((offer) => offer.vaccine.id === vaccine.id),
      ),
    ],
    today,
  });
  const prepared = prepareForSubmit(restored);
  if (!prepared.ok) {
    issues.add("data.diseases", calendarMessages.noDiseases);
    issues.throwIfAny();
    throw new Error("unreachable: a refused submit is an issue");
  }
  const shotCount = prepared.value.diseases.reduce(
    (count, column) => count + column.shots.length,
    0,
  );
  if (shotCount > calendarLimits.shots) issues.add("data.diseases", calendarMessages.tooManyShots);
  issues.throwIfAny();
  const columns = prepared.value.diseases.map((column): SavedColumn => ({
    diseaseId: column.id,
    vaccineId: column.vaccineId,
    seeds: toStoredSeeds(column.id, column.shots),
    // Decision 405: the protocol the column was made from (its stamp's, else today's); an edit
    // of a saved calendar keeps its columns' own.
    protocol:
      protocols.get(column.id) ?? selectColumnProtocol(shotTemplates, column.vaccineId, animalId),
  }));
  // The setup as a whole, as the contracts read it back, with the reference data's names.
  // The block's end is the engine's (none for young stock), not whatever was sent.
  const { birthEndDate: _sentBirthEndDate, ...sentSetup } = setup;
  const storedSetup: PayloadSetup = {
    ...sentSetup,
    enterprise: { id: setup.enterprise.id, name: combination.enterprise },
    animal: { id: animalId, name: combination.animal, isAdult: combination.isAdult },
    season: { id: setup.season.id, name: combination.season },
    birthDate: engineSetup.birthDate,
    // Decision 416: kept only when sent, so a setup without a block is stored as before.
    ...(engineSetup.birthEndDate == null ? {} : { birthEndDate: engineSetup.birthEndDate }),
    breedingDate: engineSetup.breedingDate,
  };

  return {
    combination,
    setup: engineSetup,
    setupColumns: {
      combinationId: combination.id,
      enterpriseId: setup.enterprise.id,
      animalId,
      seasonId: setup.season.id,
      birthDate: engineSetup.birthDate,
      breedingDate: engineSetup.breedingDate,
      calendarYear,
      setup: storedSetup,
    },
    columns,
    diseaseNames: columns.map(
      (column) => offersByDisease.get(column.diseaseId)?.disease.name ?? "",
    ),
  };
}

/** The plan as a save stores it: the dated first occurrences; copies are derived on read. */
export function toStoredSeeds(diseaseId: number, shots: readonly Shot[]): StoredSeed[] {
  return shots.flatMap((shot) =>
    shot.isMirroredCopy || shot.date === null
      ? []
      : [
          {
            id: shot.id,
            diseaseId,
            templateId: shot.templateId,
            date: shot.date,
            custom_name: shot.custom_name,
            is_recurrent: shot.is_recurrent,
            userInitiated: shot.userInitiated,
          },
        ],
  );
}
