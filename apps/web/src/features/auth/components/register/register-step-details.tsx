import type { ParsedRegisterRequest } from "@vaxcal/contracts";
import { Controller, type UseFormReturn } from "react-hook-form";
import { EmailField } from "../../../../components/ui/form-fields.tsx";
import { MobileNumberFields } from "../../../../components/ui/mobile-number-fields.tsx";
import { PersonNameFields } from "../../../../components/ui/person-name-fields.tsx";
import { VetPicker } from "../../../../components/ui/vet-picker.tsx";
import { hostGates } from "../../../../config/hosts.ts";
import type { RegisterFieldName, RegisterFormValues } from "./register-form.ts";

type RegisterForm = UseFormReturn<RegisterFormValues, unknown, ParsedRegisterRequest>;

/**
 * docs/product.md §2 register step 1, shortened by decision 429: the name, an e-mail or a mobile,
 * and the vet picker. The farm and the optional address follow; the terms go with the password.
 */
export function RegisterStepDetails({ form }: { form: RegisterForm }) {
  const {
    register,
    getValues,
    trigger,
    formState: { errors },
  } = form;

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
        Tell us who you are. We need your email address or your mobile number, or both: you will log
        in with it.
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
    </>
  );
}
