import type { CalendarSetup } from "@vaxcal/schedule";

/**
 * Every query key of the calendar builder, from one place; other features take them from
 * index.ts.
 */
export const calendarBuilderQueryKeys = {
  /** The animal's diseases for one setup: a new key for each answer step 1 can change. */
  scopedDiseases: (
    combinationId: number,
    setup: Pick<
      CalendarSetup,
      "birthDate" | "birthEndDate" | "breedingDate" | "lungwormRisk" | "youngestBirthDate"
    >,
    /** describeHerdStatusAnswers: the "not yet" and the "yes" answers (decision 421). */
    herdStatusAnswers: string,
  ) =>
    [
      "scoped-diseases",
      combinationId,
      setup.birthDate,
      setup.birthEndDate ?? null,
      setup.breedingDate,
      herdStatusAnswers,
      setup.lungwormRisk ?? null,
      setup.youngestBirthDate ?? null,
    ] as const,
};
