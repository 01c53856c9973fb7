import { createWizardStore } from "../../../components/ui/wizard-steps.ts";
import type { VetRegisterFormValues, VetRegisterStep } from "../vet-register-form.ts";

/** Where the practice is in the vet register modal, and what was typed (memory only). */
export const vetRegisterStore = createWizardStore<VetRegisterFormValues, VetRegisterStep>(1);

export const resetVetRegister = vetRegisterStore.reset;
