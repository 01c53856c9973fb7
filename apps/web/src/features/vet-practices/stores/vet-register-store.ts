import { create } from "zustand";
import type { VetRegisterFormValues, VetRegisterStep } from "../vet-register-form.ts";

/**
 * Where the practice is in the vet register modal, kept outside it so that closing it by mistake
 * (a tap on the overlay) loses nothing. Memory only: nothing of it is written to storage.
 */
type VetRegisterState = { step: VetRegisterStep; draft: VetRegisterFormValues | null };

export const useVetRegisterStore = create<VetRegisterState>(() => ({ step: 1, draft: null }));

export function goToVetRegisterStep(step: VetRegisterStep): void {
  useVetRegisterStore.setState({ step });
}

export function keepVetRegisterDraft(draft: VetRegisterFormValues): void {
  useVetRegisterStore.setState({ draft });
}

export function resetVetRegister(): void {
  useVetRegisterStore.setState({ step: 1, draft: null });
}
