import {
  registrationCountries,
  republicCounties,
  type ParsedRegisterRequest,
} from "@vaxcal/contracts";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { AddressFields } from "../../../../components/ui/address-fields.tsx";
import {
  CheckboxField,
  SelectField,
  EmailField,
  TextField,
  type SelectOption,
} from "../../../../components/ui/form-fields.tsx";
import { MobileNumberFields } from "../../../../components/ui/mobile-number-fields.tsx";
import { PersonNameFields } from "../../../../components/ui/person-name-fields.tsx";
import { VetPicker } from "../../../../components/ui/vet-picker.tsx";
import { hostGates } from "../../../../config/hosts.ts";
import type { RegisterFieldName, RegisterFormValues } from "./register-form.ts";
import { TermsAndPrivacy } from "./terms-and-privacy.tsx";

type RegisterForm = UseFormReturn<RegisterFormValues, unknown, ParsedRegisterRequest>;

const toOptions = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

/**
 * docs/product.md §2 register step 1: personal and farm details, terms and consents, the vet
 * picker.
 */
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
  // Either contact will do (docs/product.md D6), so each rechecks the other.
  const contactField = (name: "email" | "phone_number") =>
    register(name, { onChange: () => recheck("email", "phone_number") });

  return (
    <>
      <p>
        Tell us about you and your farm. We need your email address or your mobile number, or both:
        you will log in with it.
      </p>
      <PersonNameFields registerField={field} errors={errors} />
      <MobileNumberFields
        registerField={register}
        hint="For free text reminders."
        error={errors.phone_number?.message}
        onCallingCodeChange={() => {
          if (getValues("phone_number")) void trigger("phone_number");
        }}
        onNumberEntered={() => void trigger(["phone_number", "email"])}
        onNumberChange={() => recheck("phone_number", "email")}
      />
      <EmailField error={errors.email?.message} {...contactField("email")} />
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
              // docs/product.md §4: leaving Ireland clears the county; a free-text one does not fit
              // the list.
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
      {hostGates.showsPrelaunchItems && (
        <div className="prelaunch-item prelaunch-panel">
          <Controller
            control={form.control}
            name="vet_id"
            render={({ field: vetField, fieldState }) => (
              <VetPicker
                value={vetField.value ?? null}
                onChange={vetField.onChange}
                error={fieldState.error?.message}
                canChooseLater
              />
            )}
          />
        </div>
      )}
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
