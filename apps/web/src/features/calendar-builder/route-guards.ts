import { hasBirthDate } from "@vaxcal/schedule";
import { redirect } from "react-router";
import { paths } from "../../config/paths.ts";
import { readCalendarForm } from "./stores/calendar-form-store.ts";

/**
 * Spec §2: /calendar and /calendar/{id} send the visitor to PublicHome when the step 1 form is not
 * valid. This runs before the screen, on the kept draft alone; the screen checks the rest (a
 * breeding date for adults) once the reference lists say which animals are adults.
 */
export function requireCalendarSetup(): Response | null {
  const form = readCalendarForm();
  const isComplete =
    form.enterpriseID !== null &&
    form.animalID !== null &&
    form.seasonID !== null &&
    form.animalEnterpriseSeasonCombination !== null &&
    (!hasBirthDate(form.animalID) || form.birthDate !== null) &&
    form.diseases.length > 0;
  return isComplete ? null : redirect(paths.home.getHref());
}
