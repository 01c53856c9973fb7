import type { CalendarForm, ReferenceLists } from "@vaxcal/contracts";
import { asksYoungestAge, describeMinimumAge } from "@vaxcal/schedule";

/** The group as the farmer calls it, by the spec's fixed animal ids. */
const groupWords: Readonly<Record<number, string>> = { 2: "heifers", 7: "hoggets" };

export type YoungestAgeQuestion = { label: string; hint: string };

/** `Enzovax and Toxovax`, `A, B and C`. */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * Decision 422: step 1 asks when the youngest of the group was born where a ticked disease's
 * vaccine for these animals has a minimum age they can still be under (heifers' Bovilis BVD,
 * 8 months, S1; hoggets' Enzovax and Toxovax, 5 months, S16, S18). Null: not asked.
 */
export function findYoungestAgeQuestion(
  reference: Pick<ReferenceLists, "diseases" | "vaccines" | "animals">,
  form: Pick<CalendarForm, "animalID" | "diseases">,
): YoungestAgeQuestion | null {
  const animalId = form.animalID;
  if (animalId === null) return null;
  const namesByAge = new Map<number, string[]>();
  for (const diseaseId of form.diseases) {
    const disease = reference.diseases.find((candidate) => candidate.id === diseaseId);
    const vaccineId = disease?.animals.find((offer) => offer.animal_id === animalId)?.vaccine_id;
    const vaccine = reference.vaccines.find((candidate) => candidate.id === vaccineId);
    if (vaccine === undefined || !asksYoungestAge(animalId, vaccine.rules)) continue;
    const minAgeDays = vaccine.rules.min_age_days ?? 0;
    const names = namesByAge.get(minAgeDays) ?? [];
    if (!names.includes(vaccine.name)) names.push(vaccine.name);
    namesByAge.set(minAgeDays, names);
  }
  if (namesByAge.size === 0) return null;
  const animal = reference.animals.find((candidate) => candidate.id === animalId);
  const group = groupWords[animalId] ?? animal?.name.toLowerCase() ?? "animals";
  const hint = [...namesByAge]
    .sort(([left], [right]) => right - left)
    .map(
      ([minAgeDays, names]) =>
        `${joinNames(names)} ${names.length === 1 ? "is" : "are"} given from ${describeMinimumAge(minAgeDays)} of age.`,
    )
    .join(" ");
  return {
    label: `When was the youngest of these ${group} born?`,
    hint: `${hint} Leave it empty if they are all older.`,
  };
}
