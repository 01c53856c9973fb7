import { create } from "zustand";

/**
 * What a visitor's calendar already says about the farm, for the registration wizard to fill in
 * (docs/decisions/202 'a shorter save': nothing the farmer already typed is asked again). The calendar
 * builder sets it when a visitor presses Finish; the registration wizard reads it when it opens
 * without a draft of its own. Names are the registration's own (Dairy, Beef, Sheep; Cows, Ewes …),
 * which are the reference lists' names too. Memory only.
 */
export type RegistrationPrefill = {
  enterprises: readonly string[];
  animals: readonly string[];
};

export const useRegistrationPrefillStore = create<{ prefill: RegistrationPrefill | null }>(() => ({
  prefill: null,
}));

export function offerRegistrationPrefill(prefill: RegistrationPrefill): void {
  useRegistrationPrefillStore.setState({ prefill });
}

export function readRegistrationPrefill(): RegistrationPrefill | null {
  return useRegistrationPrefillStore.getState().prefill;
}

export function clearRegistrationPrefill(): void {
  useRegistrationPrefillStore.setState({ prefill: null });
}
