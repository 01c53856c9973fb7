import { createWizardStore } from "../../../components/ui/wizard-steps.ts";
import type { RegisterFormValues, RegisterStep } from "../components/register/register-form.ts";

/** Where the farmer is in the registration wizard, and what was typed (memory only). */
export const registerWizardStore = createWizardStore<RegisterFormValues, RegisterStep>(1);

/**
 * docs/product.md §4: after a registration the fields and lists reset and the wizard is at step 1.
 */
export const resetRegisterWizard = registerWizardStore.reset;
