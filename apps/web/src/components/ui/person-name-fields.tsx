import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "./form-fields.tsx";

type PersonNameFieldsProps = {
  registerField: (name: "name" | "surname") => UseFormRegisterReturn;
  errors: { name?: { message?: string }; surname?: { message?: string } };
  isSurnameOptional?: boolean;
  className?: string;
};

/** First name and surname side by side, as every form that asks who the farmer is has them. */
export function PersonNameFields({
  registerField,
  errors,
  isSurnameOptional = false,
  className = "field-row",
}: PersonNameFieldsProps) {
  return (
    <div className={className}>
      <TextField
        label="First name"
        autoComplete="given-name"
        error={errors.name?.message}
        {...registerField("name")}
      />
      <TextField
        label="Surname"
        autoComplete="family-name"
        isOptional={isSurnameOptional}
        error={errors.surname?.message}
        {...registerField("surname")}
      />
    </div>
  );
}
