import type { ReferenceLists } from "@vaxcal/contracts";
import type { Calendar } from "@vaxcal/schedule";
import type { RegistrationPrefill } from "../../../stores/registration-prefill.ts";

/** The enterprise and animal a calendar is for, by name, as the registration wizard asks them. */
export function describeCalendarFarm(
  calendar: Calendar,
  reference: Pick<ReferenceLists, "enterprises" | "animals">,
): RegistrationPrefill {
  const enterprise = reference.enterprises.find(({ id }) => id === calendar.setup.enterprise.id);
  const animal = reference.animals.find(({ id }) => id === calendar.setup.animal.id);
  return {
    enterprises: enterprise ? [enterprise.name] : [],
    animals: animal ? [animal.name] : [],
  };
}
