import { describeMinimumAge, resolveYoungestOfAge } from "./own-age.ts";
import {
  ProtocolRule,
  findSourceId,
  type ProtocolWarning,
  type SeasonAnchors,
} from "./protocol-anchors.ts";
import type { Calendar } from "./schedule.types.ts";

/** The spec's fixed animal ids of first breeders, as the farmer calls the group. */
const GROUP_WORDS: Readonly<Record<number, string>> = { 2: "heifers", 7: "hoggets" };

/**
 * Decision 422: a dose with a minimum age dated before the youngest of the group reaches it (the
 * setup's `youngestBirthDate`), said in farm words on the dose: the engine moves such a dose
 * where its window allows, so a warning means the plan could not wait, or the farmer moved it.
 * Without the answer, nothing is checked.
 */
export function checkOwnAge(
  calendar: Calendar,
  anchors: SeasonAnchors,
  warnings: ProtocolWarning[],
): void {
  if ((calendar.setup.youngestBirthDate ?? null) === null) return;
  const group = GROUP_WORDS[calendar.setup.animal.id] ?? "animals";
  const verb = anchors.breedingLabel === "tupping" ? "tup" : "breed";
  for (const column of calendar.diseases) {
    const vaccine = column.vaccine;
    if (vaccine === null || vaccine.rules.min_age_days === null) continue;
    const ofAge = resolveYoungestOfAge(calendar.setup, vaccine.rules);
    if (ofAge === null) continue;
    const age = describeMinimumAge(vaccine.rules.min_age_days);
    for (const shot of column.shots) {
      if (shot.date === null || shot.date >= ofAge) continue;
      warnings.push({
        rule: ProtocolRule.youngestUnderAge,
        source: findSourceId(vaccine),
        shotIds: [shot.id],
        message:
          `The youngest ${group} are under ${age} old on this date: ${vaccine.name} is given ` +
          `from ${age} of age (SPC). Talk to your vet about when to ${verb} them.`,
      });
    }
  }
}
