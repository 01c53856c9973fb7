import { countryCallingCodes } from "@vaxcal/contracts";
import type { UseFormRegisterReturn } from "react-hook-form";
import { SelectField, TextField, type SelectOption } from "./form-fields.tsx";

const callingCodeOptions: SelectOption[] = countryCallingCodes.map((code) => ({
  value: code,
  label: code === "+353" ? "+353 (Ireland)" : "+44 (UK)",
}));

type ChangeHandlers = {
  onChange?: (event: { target: { value: string } }) => unknown;
  onBlur?: (event: { target: { value: string } }) => unknown;
};

type MobileNumberFieldsProps = {
  /** The form's own `register`; the handlers say when to check the number again. */
  registerField: (
    name: "country_code" | "phone_number",
    handlers: ChangeHandlers,
  ) => UseFormRegisterReturn;
  error?: string;
  hint?: string;
  /** A new calling code changes which numbers are mobiles. */
  onCallingCodeChange: () => void;
  /** docs/product.md §5: the mobile is checked live, once there is something to check. */
  onNumberEntered: () => void;
  onNumberChange: () => void;
};

/** The calling-code select and the mobile number beside it, as registration and settings ask. */
export function MobileNumberFields({
  registerField,
  error,
  hint,
  onCallingCodeChange,
  onNumberEntered,
  onNumberChange,
}: MobileNumberFieldsProps) {
  return (
    <div className="field-row field-row--narrow-first">
      <SelectField
        label="Country code"
        options={callingCodeOptions}
        {...registerField("country_code", { onChange: onCallingCodeChange })}
      />
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        hint={hint}
        error={error}
        {...registerField("phone_number", {
          onBlur: (event) => {
            if (event.target.value.trim() !== "") onNumberEntered();
          },
          onChange: onNumberChange,
        })}
      />
    </div>
  );
}
