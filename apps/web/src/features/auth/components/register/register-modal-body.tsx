import { zodResolver } from "@hookform/resolvers/zod";
import { accountMessages, type ParsedRegisterRequest } from "@vaxcal/contracts";
import { useEffect, useRef, useState } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { AlertBox } from "../../../../components/ui/form-fields.tsx";
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
  type RegisterFieldName,
  type RegisterFormValues,
  type RegisterStep,
} from "./register-form.ts";
import { RegisterStepDetails } from "./register-step-details.tsx";
import { RegisterStepFarm } from "./register-step-farm.tsx";
import { RegisterStepPassword } from "./register-step-password.tsx";
import {
  goToRegisterStep,
  keepRegisterDraft,
  resetRegisterWizard,
  useRegisterWizardStore,
} from "../../stores/register-wizard-store.ts";
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
  1: "Your details and farm",
  2: "Your password",
  3: "Your farm profile",
};

/** docs/product.md §2 'Register': three steps, counted '(n/3)' beside the modal's title. */
export function RegisterModalBody() {
  const step = useRegisterWizardStore((state) => state.step);
  const form = useForm<RegisterFormValues, unknown, ParsedRegisterRequest>({
    resolver,
    defaultValues:
      useRegisterWizardStore.getState().draft ?? fillFromCalendar(readRegistrationPrefill()),
  });
  const registerFarmer = useRegisterFarmer();
  const [isLocked, setIsLocked] = useState(false);
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const lockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const previousStep = useRef(step);
  const { getValues } = form;

  // Closing the modal by mistake keeps what was typed, for this visit only.
  useEffect(() => () => keepRegisterDraft(getValues()), [getValues]);
  useEffect(() => () => clearTimeout(lockTimer.current), []);

  // A new step is announced by moving focus to its title; opening the modal leaves focus alone.
  useEffect(() => {
    if (previousStep.current !== step) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  useEffect(() => {
    if (serverMessages.length > 0) alertRef.current?.focus();
  }, [serverMessages]);

  async function goNext() {
    const isValid = await form.trigger([...stepFields[step]], { shouldFocus: true });
    if (!isValid) return;
    setServerMessages([]);
    if (step < registerStepCount) goToRegisterStep((step + 1) as RegisterStep);
  }

  function goBack() {
    if (step > 1) goToRegisterStep((step - 1) as RegisterStep);
  }

  function showInvalidStep(errors: FieldErrors<RegisterFormValues>) {
    const invalidStep = findStepOf(Object.keys(errors));
    if (invalidStep !== null && invalidStep !== step) goToRegisterStep(invalidStep);
  }

  function handleValid(payload: ParsedRegisterRequest) {
    setIsLocked(true);
    setServerMessages([]);
    registerFarmer.mutate(payload, {
      onSuccess: () => {
        form.reset(emptyRegistration);
        resetRegisterWizard();
        clearRegistrationPrefill();
        closeModal();
        showNotification(NotificationType.success, accountMessages.registered);
      },
      onError: (error) => {
        const failure = describeRegistrationFailure(error);
        for (const { field, message } of failure.fields) {
          if (field in emptyRegistration) {
            form.setError(field as RegisterFieldName, { type: "server", message });
          }
        }
        setServerMessages(failure.messages);
        const invalidStep = findStepOf(failure.fields.map(({ field }) => field));
        if (invalidStep !== null) goToRegisterStep(invalidStep);
      },
      onSettled: () => {
        // docs/product.md §9: the button stays locked for 1000 ms after the answer, against double
        // taps.
        lockTimer.current = setTimeout(() => setIsLocked(false), registrationLockMs);
      },
    });
  }

  const isFinishLocked = isLocked || registerFarmer.isPending;

  return (
    <form
      className="form register-form"
      noValidate
      aria-labelledby="register-step-title"
      onSubmit={(event) => {
        if (step === registerStepCount)
          return void form.handleSubmit(handleValid, showInvalidStep)(event);
        event.preventDefault();
        void goNext();
      }}
    >
      <h3
        id="register-step-title"
        ref={headingRef}
        tabIndex={-1}
        className="register-form__step-title"
      >
        <span className="visually-hidden">{`Step ${step} of ${registerStepCount}: `}</span>
        {stepTitles[step]}
      </h3>
      <AlertBox ref={alertRef} messages={serverMessages} />
      {step === 1 && <RegisterStepDetails form={form} />}
      {step === 2 && <RegisterStepPassword form={form} />}
      {step === 3 && <RegisterStepFarm form={form} />}
      <div className="button-row register-form__buttons">
        {step > 1 && (
          <button type="button" className="button button--secondary" onClick={goBack}>
            Go back
          </button>
        )}
        {step < registerStepCount ? (
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
        )}
      </div>
    </form>
  );
}

/** The '(n/3)' beside the modal's title (docs/product.md §2; D11 for the count). */
export function RegisterStepCounter() {
  const step = useRegisterWizardStore((state) => state.step);
  return <span className="dialog__counter">{`(${step}/${registerStepCount})`}</span>;
}
