import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import {
  islandCounties,
  republicCounties,
  vetRegistrationCountries,
  type ParsedVetRegisterRequest,
} from "@vaxcal/contracts";
import { useWatch, type Resolver, type UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import {
  CheckboxField,
  SelectField,
  TextField,
  type SelectOption,
} from "../../../components/ui/form-fields.tsx";
import { WizardStepCounter, WizardStepShell } from "../../../components/ui/wizard-step-shell.tsx";
import { useWizardSteps } from "../../../components/ui/wizard-steps.ts";
import { NewPasswordFields } from "../../../components/ui/new-password-fields.tsx";
import { hostGates } from "../../../config/hosts.ts";
import { paths } from "../../../config/paths.ts";
import { closeModal } from "../../../stores/modals.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import {
  describeVetRegistrationFailure,
  useRegisterVetPractice,
} from "../api/register-vet-practice.ts";
import { territoryManagersQueryOptions } from "../api/list-territory-managers.ts";
import { vetRegisterStore } from "../stores/vet-register-store.ts";
import {
  VetRegisterFormSchema,
  buildAutofill,
  emptyVetRegistration,
  findVetStepOf,
  vetRegisterStepCount,
  vetStepFields,
  type VetRegisterFieldName,
  type VetRegisterFormValues,
  type VetRegisterStep,
} from "../vet-register-form.ts";
import "./vet-practices.css";

// The form holds an unticked terms box, which the payload schema refuses by design.
const resolver = zodResolver(VetRegisterFormSchema) as unknown as Resolver<
  VetRegisterFormValues,
  unknown,
  ParsedVetRegisterRequest
>;
type VetRegisterForm = UseFormReturn<VetRegisterFormValues, unknown, ParsedVetRegisterRequest>;

const stepTitles: Record<VetRegisterStep, string> = {
  1: "Your practice",
  2: "Your password",
  3: "Invite your vets",
};

const toOptions = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

/** The locked button waits this long after an answer, against double taps (docs/product.md §9). */
const submitLockMs = 1000;

/**
 * docs/product.md §2 'Vet register': 'Register your vet practice', three steps counted '(n/3)'
 * (D11): the practice, the password, and vets to invite (or skip). A success stores the user and
 * token and opens the vet dashboard.
 */
export function VetRegisterModalBody() {
  const wizard = useWizardSteps({
    store: vetRegisterStore,
    resolver,
    initialValues: emptyVetRegistration,
    emptyValues: emptyVetRegistration,
    // docs/product.md §4: step 1 is checked; step 2 checks its password before the invites.
    stepFields: vetStepFields,
    stepOf: findVetStepOf,
    isField: (field) => (field.split(".")[0] ?? field) in emptyVetRegistration,
    lockMs: submitLockMs,
  });
  const { form, step } = wizard;
  const navigate = useNavigate();
  const registerPractice = useRegisterVetPractice();

  function submit(skipInviting: boolean) {
    form.setValue("skip_inviting", skipInviting);
    if (skipInviting) form.setValue("vets", []);
    else
      form.setValue(
        "vets",
        form.getValues("vets").filter((email) => email.trim() !== ""),
      );
    void form.handleSubmit(
      (payload) =>
        wizard.finish(registerPractice.mutate, payload, {
          describeFailure: describeVetRegistrationFailure,
          onSuccess: () => {
            closeModal();
            void navigate(paths.vetDashboard.getHref());
          },
          onFailure: (failure) => {
            showNotification(NotificationType.error, failure.notice);
            if (failure.fields.length === 0 && form.getValues("vets").length === 0) {
              form.setValue("vets", [""]);
            }
          },
        }),
      wizard.showInvalidStep,
    )();
  }

  const isSubmitLocked = wizard.isLocked || registerPractice.isPending;

  return (
    <WizardStepShell
      wizard={wizard}
      className="form vet-register-form"
      titleId="vet-register-step-title"
      title={stepTitles[step]}
      onFinish={() => submit(false)}
      actions={
        <>
          {step === vetRegisterStepCount && (
            <button
              type="button"
              className="button button--secondary"
              disabled={isSubmitLocked}
              onClick={() => submit(true)}
            >
              Skip and register
            </button>
          )}
          <button
            type="submit"
            className="button button--primary register-form__next"
            disabled={step === vetRegisterStepCount && isSubmitLocked}
          >
            {step < vetRegisterStepCount
              ? "Next"
              : registerPractice.isPending
                ? "Registering…"
                : "Send invites and register"}
          </button>
        </>
      }
    >
      {step === 1 && <VetStepPractice form={form} />}
      {step === 2 && <VetStepPassword form={form} />}
      {step === 3 && <VetStepInvites form={form} />}
    </WizardStepShell>
  );
}

/** The '(n/3)' beside the modal's title (docs/product.md §2; D11 for the count). */
export function VetRegisterStepCounter() {
  return <WizardStepCounter store={vetRegisterStore} stepCount={vetRegisterStepCount} />;
}

function VetStepPractice({ form }: { form: VetRegisterForm }) {
  const {
    register,
    setValue,
    trigger,
    formState: { errors },
  } = form;
  const country = useWatch({ control: form.control, name: "country" });
  const territoryManagers = useQuery(territoryManagersQueryOptions);
  const recheck = (name: VetRegisterFieldName) => {
    if (errors[name]) void trigger(name);
  };
  const field = (name: VetRegisterFieldName) => register(name, { onChange: () => recheck(name) });
  const isDevelopment = import.meta.env.DEV || hostGates.showsPrelaunchItems;

  return (
    <>
      {isDevelopment && (
        <div className="prelaunch-item vet-register-form__autofill">
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              for (const [name, value] of Object.entries(buildAutofill())) {
                setValue(name as VetRegisterFieldName, value, { shouldValidate: false });
              }
              form.clearErrors();
            }}
          >
            Autofill Form
          </button>
        </div>
      )}
      <TextField
        label="Vet practice name"
        autoComplete="organization"
        error={errors.vet_practice_name?.message}
        {...field("vet_practice_name")}
      />
      <TextField
        label="Practice email address"
        type="email"
        autoComplete="email"
        spellCheck={false}
        error={errors.vet_practice_email?.message}
        hint="Your practice logs in with this address. We send a link to confirm it."
        {...field("vet_practice_email")}
      />
      <div className="field-row">
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.mobile_number?.message}
          {...field("mobile_number")}
        />
        <TextField
          label="Landline"
          type="tel"
          isOptional
          error={errors.vet_practice_landline?.message}
          {...field("vet_practice_landline")}
        />
      </div>
      <div className="field-row">
        <TextField
          label="Veterinarian's name"
          autoComplete="given-name"
          error={errors.veterinarian_name?.message}
          {...field("veterinarian_name")}
        />
        <TextField
          label="Veterinarian's surname"
          autoComplete="family-name"
          error={errors.veterinarian_surname?.message}
          {...field("veterinarian_surname")}
        />
      </div>
      <TextField
        label="VCI number"
        hint="Your Veterinary Council of Ireland registration number."
        error={errors.vci_number?.message}
        {...field("vci_number")}
      />
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        error={errors.address1?.message}
        {...field("address1")}
      />
      <TextField
        label="Address line 2"
        isOptional
        autoComplete="address-line2"
        error={errors.address2?.message}
        {...field("address2")}
      />
      <div className="field-row">
        <TextField
          label="Town"
          autoComplete="address-level2"
          error={errors.town?.message}
          {...field("town")}
        />
        <TextField
          label={country === "Ireland" ? "Eircode" : "Postcode"}
          autoComplete="postal-code"
          autoCapitalize="characters"
          error={errors.eircode?.message}
          {...field("eircode")}
        />
      </div>
      <div className="field-row">
        <SelectField
          label="Country"
          placeholder="Select country"
          options={toOptions(vetRegistrationCountries)}
          error={errors.country?.message}
          {...register("country", {
            onChange: () => {
              setValue("county", "", { shouldValidate: Boolean(errors.county) });
              recheck("country");
            },
          })}
        />
        <SelectField
          label="County"
          placeholder="Select county"
          options={toOptions(
            country === "Ireland"
              ? republicCounties
              : islandCounties.filter(
                  (name) => !(republicCounties as readonly string[]).includes(name),
                ),
          )}
          error={errors.county?.message}
          {...field("county")}
        />
      </div>
      <SelectField
        label="Your territory manager"
        isOptional
        placeholder={territoryManagers.isError ? "Could not load the list" : "None"}
        options={(territoryManagers.data ?? []).map((manager) => ({
          value: String(manager.id),
          label: manager.territory_manager_name,
        }))}
        error={errors.territoryManagerId?.message}
        {...register("territoryManagerId", {
          setValueAs: (value: unknown) => (value === "" || value === null ? null : Number(value)),
        })}
      />
      <details className="terms">
        <summary>Read the terms and privacy notice</summary>
        <p>
          Your practice's vets can view and edit the vaccination calendars of the farmers who choose
          your practice, and receive their reminders. Use them only to advise those farmers. We keep
          your practice's details to run the service and delete them when you ask.
        </p>
      </details>
      <CheckboxField
        label="I agree to the terms and conditions and the privacy notice."
        error={errors.agree_to_terms?.message}
        {...field("agree_to_terms")}
      />
    </>
  );
}

function VetStepPassword({ form }: { form: VetRegisterForm }) {
  const {
    register,
    trigger,
    formState: { errors },
  } = form;
  return (
    <>
      <p>Choose a password for your practice's account.</p>
      <NewPasswordFields
        password={{
          error: errors.password?.message,
          ...register("password", {
            onChange: () => {
              if (errors.password) void trigger("password");
              if (form.getValues("password_confirmation")) void trigger("password_confirmation");
            },
          }),
        }}
        confirmation={{
          error: errors.password_confirmation?.message,
          ...register("password_confirmation", {
            onChange: () => void trigger("password_confirmation"),
          }),
        }}
      />
    </>
  );
}

function VetStepInvites({ form }: { form: VetRegisterForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  const vets = useWatch({ control: form.control, name: "vets" });
  const count = Math.max(vets.length, 1);
  return (
    <>
      <p>
        Invite the vets of your practice by email. Each gets a link to choose a password and join;
        the link works once, for 7 days. You can also invite them later from your dashboard.
      </p>
      {Array.from({ length: count }, (_, index) => (
        <div className="vet-register-form__invite" key={index}>
          <TextField
            label={`Vet ${index + 1} email address`}
            type="email"
            spellCheck={false}
            autoComplete="off"
            error={errors.vets?.[index]?.message}
            {...register(`vets.${index}`)}
          />
          {count > 1 && (
            <button
              type="button"
              className="button button--quiet"
              aria-label={`Remove vet ${index + 1}`}
              onClick={() =>
                form.setValue(
                  "vets",
                  vets.filter((_, position) => position !== index),
                )
              }
            >
              Remove
            </button>
          )}
        </div>
      ))}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => form.setValue("vets", [...vets, ""])}
      >
        Add another vet
      </button>
    </>
  );
}
