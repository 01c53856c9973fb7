import {
  countryCallingCodes,
  registrationCountries,
  republicCounties,
  type ParsedRegisterRequest,
} from "@vaxcal/contracts";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { AddressFields } from "../../../../components/ui/address-fields.tsx";
import { Combobox } from "../../../../components/ui/combobox.tsx";
import {
  CheckboxField,
  SelectField,
  TextField,
  type SelectOption,
} from "../../../../components/ui/form-fields.tsx";
import { hostGates } from "../../../../config/hosts.ts";
import { useVets } from "../../../../lib/vets.ts";
import type { RegisterFieldName, RegisterFormValues } from "./register-form.ts";
import { TermsAndPrivacy } from "./terms-and-privacy.tsx";

type RegisterForm = UseFormReturn<RegisterFormValues, unknown, ParsedRegisterRequest>;

const toOptions = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

const callingCodeOptions: SelectOption[] = countryCallingCodes.map((code) => ({
  value: code,
  label: code === "+353" ? "+353 (Ireland)" : "+44 (UK)",
}));

/** Spec §2 register step 1: personal and farm details, terms and consents, the vet picker. */
export function RegisterStepDetails({ form }: { form: RegisterForm }) {
  const {
    register,
    setValue,
    getValues,
    trigger,
    formState: { errors },
  } = form;
  const country = useWatch({ control: form.control, name: "country" });
  const isIreland = country === "Ireland";

  // A message under a field goes away as soon as the farmer fixes it.
  const recheck = (...names: RegisterFieldName[]) => {
    if (names.some((name) => errors[name])) void trigger(names);
  };
  const field = (name: RegisterFieldName) => register(name, { onChange: () => recheck(name) });
  // Either contact will do (PRODUCT.md decision 6), so each rechecks the other.
  const contactField = (name: "email" | "phone_number") =>
    register(name, { onChange: () => recheck("email", "phone_number") });

  return (
    <>
      <p>
        Tell us about you and your farm. We need your email address or your mobile number, or both:
        you will log in with it.
      </p>
      <div className="field-row">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.name?.message}
          {...field("name")}
        />
        <TextField
          label="Surname"
          autoComplete="family-name"
          error={errors.surname?.message}
          {...field("surname")}
        />
      </div>
      <div className="field-row field-row--narrow-first">
        <SelectField
          label="Country code"
          options={callingCodeOptions}
          {...register("country_code", {
            onChange: () => {
              if (getValues("phone_number")) void trigger("phone_number");
            },
          })}
        />
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          hint="For free text reminders."
          error={errors.phone_number?.message}
          {...register("phone_number", {
            // Spec §5: the mobile is checked live, once there is something to check.
            onBlur: (event: { target: { value: string } }) => {
              if (event.target.value.trim() !== "") void trigger(["phone_number", "email"]);
            },
            onChange: () => recheck("phone_number", "email"),
          })}
        />
      </div>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        spellCheck={false}
        error={errors.email?.message}
        {...contactField("email")}
      />
      <AddressFields
        registerField={field}
        errors={errors}
        eircodeLabel={isIreland ? "Eircode" : "Eircode or postcode"}
        eircodeAutoCapitalize="characters"
      />
      <div className="field-row">
        <SelectField
          label="Country"
          options={toOptions(registrationCountries)}
          error={errors.country?.message}
          {...register("country", {
            onChange: (event: { target: { value: string } }) => {
              const county = getValues("county");
              const isListed = (republicCounties as readonly string[]).includes(county);
              // Spec §4: leaving Ireland clears the county; a free-text one does not fit the list.
              if (event.target.value !== "Ireland" || !isListed) {
                setValue("county", "", { shouldValidate: Boolean(errors.county) });
              }
              recheck("country");
            },
          })}
        />
        {isIreland ? (
          <SelectField
            key="county-select"
            label="County"
            placeholder="Select county"
            options={toOptions(republicCounties)}
            error={errors.county?.message}
            {...field("county")}
          />
        ) : (
          <TextField
            key="county-text"
            label="County"
            autoComplete="address-level1"
            error={errors.county?.message}
            {...field("county")}
          />
        )}
      </div>
      {hostGates.showsPrelaunchItems && <VetPicker form={form} />}
      <TermsAndPrivacy />
      <div className="consents">
        <CheckboxField
          label="I agree to the terms and conditions and the privacy notice."
          error={errors.agree_to_terms?.message}
          {...field("agree_to_terms")}
        />
        <CheckboxField
          label="Send me free reminders seven days before each vaccination is due."
          {...register("vaccination_notifications")}
        />
        <CheckboxField
          label="Send me news about animal-health products."
          {...register("product_notifications")}
        />
      </div>
    </>
  );
}

/** Spec §2: the red-bordered vet picker, only on pre-launch hosts. */
function VetPicker({ form }: { form: RegisterForm }) {
  const vets = useVets({ isEnabled: true });
  const options = (vets.data ?? []).map((vet) => ({ id: vet.id, label: vet.vet_practice_name }));
  const noMatchText = vets.isPending
    ? "Loading vet practices…"
    : vets.isError
      ? "The vet practices could not be loaded. You can choose one later in your settings."
      : "No vet practice matches. Check the spelling, or choose one later in your settings.";

  return (
    <div className="prelaunch-item prelaunch-panel">
      <Controller
        control={form.control}
        name="vet_id"
        render={({ field, fieldState }) => (
          <Combobox
            label="Do you want to share your calendars with your vet?"
            placeholder="Search for a vet..."
            description="The vet practice you choose can view and edit your calendars and will receive notifications when your vaccinations are due."
            options={options}
            value={field.value ?? null}
            onChange={field.onChange}
            error={fieldState.error?.message}
            noMatchText={noMatchText}
            clearLabel="the vet practice"
          />
        )}
      />
    </div>
  );
}
