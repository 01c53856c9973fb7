import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "./form-fields.tsx";

export type AddressFieldName = "farmer_name" | "address1" | "address2" | "town" | "eircode";

type AddressFieldsProps = {
  /** The form's own `register` for a field, with whatever rechecking it does on change. */
  registerField: (name: AddressFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<AddressFieldName, { message?: string }>>;
  eircodeLabel: string;
  /** Registration asks the keyboard for capitals; settings leaves it to the browser. */
  eircodeAutoCapitalize?: "characters";
};

/**
 * The farm's name and street address, as registration and settings both ask for them; all of it is
 * optional (decision 429). County and
 * country stay with each form: the two offer different lists and react to a change differently.
 */
export function AddressFields({
  registerField,
  errors,
  eircodeLabel,
  eircodeAutoCapitalize,
}: AddressFieldsProps) {
  return (
    <>
      <TextField
        label="Farm name"
        isOptional
        autoComplete="organization"
        error={errors.farmer_name?.message}
        {...registerField("farmer_name")}
      />
      <TextField
        label="Address line 1"
        isOptional
        autoComplete="address-line1"
        error={errors.address1?.message}
        {...registerField("address1")}
      />
      <TextField
        label="Address line 2"
        isOptional
        autoComplete="address-line2"
        error={errors.address2?.message}
        {...registerField("address2")}
      />
      <div className="field-row">
        <TextField
          label="Town"
          isOptional
          autoComplete="address-level2"
          error={errors.town?.message}
          {...registerField("town")}
        />
        <TextField
          label={eircodeLabel}
          isOptional
          autoComplete="postal-code"
          autoCapitalize={eircodeAutoCapitalize}
          error={errors.eircode?.message}
          {...registerField("eircode")}
        />
      </div>
    </>
  );
}
