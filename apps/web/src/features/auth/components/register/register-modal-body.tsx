import { zodResolver } from "@hookform/resolvers/zod";
import { accountMessages, type ParsedRegisterRequest } from "@vaxcal/contracts";
import { type Resolver } from "react-hook-form";
import {
  WizardStepCounter,
  WizardStepShell,
} from "../../../../components/ui/wizard-step-shell.tsx";
import { useWizardSteps } from "../../../../components/ui/wizard-steps.ts";
import { closeModal } from "../../../../stores/modals.ts";
import { NotificationType, showNotification } from "../../../../stores/notifications.ts";
import { registrationLockMs } from "../../auth-messages.ts";
import { describeRegistrationFailure, useRegisterFarmer } from "../../api/register-farmer.ts";
import {
  RegisterFormSchema,
  emptyRegistration,
  fillFromCalendar,
  findStepOf,
  registerStepCount,
  stepFields,
  type RegisterFormValues,
  type RegisterStep,
} from "./register-form.ts";
import { RegisterAddress } from "./register-address.tsx";
import { RegisterStepDetails } from "./register-step-details.tsx";
import { RegisterStepFarm } from "./register-step-farm.tsx";
import { RegisterStepPassword } from "./register-step-password.tsx";
import { registerWizardStore } from "../../stores/register-wizard-store.ts";
import {
  clearRegistrationPrefill,
  readRegistrationPrefill,
} from "../../../../stores/registration-prefill.ts";
import "./register.css";

// The form holds an unticked terms box, which the payload schema refuses by design.
const resolver = zodResolver(RegisterFormSchema) as unknown as Resolver<
  RegisterFormValues,
  unknown,
  ParsedRegisterRequest
>;

const stepTitles: Record<RegisterStep, string> = {
  1: "About you and your farm",
  2: "Your password",
};

/**
 * docs/product.md §2 'Register', shortened by decision 429 to two steps, counted '(n/2)' beside the
 * modal's title.
 */
export function RegisterModalBody() {
  const wizard = useWizardSteps({
    store: registerWizardStore,
    resolver,
    initialValues: fillFromCalendar(readRegistrationPrefill()),
    emptyValues: emptyRegistration,
    stepFields,
    stepOf: findStepOf,
    isField: (field) => field in emptyRegistration,
    // docs/product.md §9: the button stays locked for 1000 ms after the answer, against double taps.
    lockMs: registrationLockMs,
  });
  const { form, step } = wizard;
  const registerFarmer = useRegisterFarmer();

  const finish = form.handleSubmit(
    (payload) =>
      wizard.finish(registerFarmer.mutate, payload, {
        describeFailure: describeRegistrationFailure,
        onSuccess: () => {
          clearRegistrationPrefill();
          closeModal();
          showNotification(NotificationType.success, accountMessages.registered);
        },
      }),
    wizard.showInvalidStep,
  );

  const isFinishLocked = wizard.isLocked || registerFarmer.isPending;

  return (
    <WizardStepShell
      wizard={wizard}
      className="form register-form"
      titleId="register-step-title"
      title={stepTitles[step]}
      onFinish={() => void finish()}
      actions={
        step < registerStepCount ? (
          <button type="submit" className="button button--primary register-form__next">
            Next step
          </button>
        ) : (
          <button
            type="submit"
            className="button button--primary register-form__next"
            disabled={isFinishLocked}
          >
            {registerFarmer.isPending ? "Registering…" : "Finish registration"}
          </button>
        )
      }
    >
      {step === 1 && (
        <>
          <RegisterStepDetails form={form} />
          <RegisterStepFarm form={form} />
          <RegisterAddress form={form} />
        </>
      )}
      {step === 2 && <RegisterStepPassword form={form} />}
    </WizardStepShell>
  );
}

/** The '(n/2)' beside the modal's title (docs/product.md §2; decision 429 for the count). */
export function RegisterStepCounter() {
  return <WizardStepCounter store={registerWizardStore} stepCount={registerStepCount} />;
}
