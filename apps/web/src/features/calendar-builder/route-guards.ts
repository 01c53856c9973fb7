import { referenceLists } from "@vaxcal/contracts";
import { redirect } from "react-router";
import { paths } from "../../config/paths.ts";
import { readStoredJson } from "../../lib/storage.ts";
import { readCalendarForm } from "./stores/calendar-form-store.ts";

/**
 * docs/product.md §2: /calendar and /calendar/{id} send the visitor to PublicHome when the step 1
 * form is not valid. This runs before the screen, on the kept draft and the cached animal list; the
 * screen checks the rest (a breeding date for adults, and the birth date when the list was not
 * cached) once the reference lists are loaded.
 */
export function requireCalendarSetup(): Response | null {
  const form = readCalendarForm();
  const animal = readStoredJson("animals", referenceLists.animals.schema)?.find(
    (candidate) => candidate.id === form.animalID,
  );
  const isComplete =
    form.enterpriseID !== null &&
    form.animalID !== null &&
    form.seasonID !== null &&
    form.animalEnterpriseSeasonCombination !== null &&
    (animal?.hasBirthDate !== true || form.birthDate !== null) &&
    form.diseases.length > 0;
  return isComplete ? null : redirect(paths.home.getHref());
}
