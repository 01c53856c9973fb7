import { create } from "zustand";
import type { RegisterFormValues, RegisterStep } from "../components/register/register-form.ts";

/**
 * Where the farmer is in the wizard, kept outside the modal so that closing it by mistake (a
 * tap on the overlay) loses nothing. Memory only: nothing of it is written to storage.
 */
type RegisterWizardState = {
  step: RegisterStep;
  draft: RegisterFormValues | null;
};

export const useRegisterWizardStore = create<RegisterWizardState>(() => ({
  step: 1,
  draft: null,
}));

export function goToRegisterStep(step: RegisterStep): void {
  useRegisterWizardStore.setState({ step });
}

export function keepRegisterDraft(draft: RegisterFormValues): void {
  useRegisterWizardStore.setState({ draft });
}

/**
 * docs/product.md §4: after a registration the fields and lists reset and the wizard is at step 1.
 */
export function resetRegisterWizard(): void {
  useRegisterWizardStore.setState({ step: 1, draft: null });
}
