import { passwordPolicy } from "@vaxcal/contracts";
import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { CheckboxField, TextField } from "./form-fields.tsx";

/**
 * A new password and its confirmation, with the policy's hint and 'Show the passwords', as both
 * registration wizards ask for them. Each form registers the two fields with its own rechecks.
 */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: UseFormRegisterReturn & { error?: string };
  confirmation: UseFormRegisterReturn & { error?: string };
}) {
  const [isShown, setIsShown] = useState(false);
  const type = isShown ? "text" : "password";
  return (
    <>
      <TextField
        label="Password"
        type={type}
        autoComplete="new-password"
        hint={`At least ${passwordPolicy.minLength} characters. A few words you will remember make a strong one.`}
        {...password}
      />
      <TextField
        label="Confirm password"
        type={type}
        autoComplete="new-password"
        {...confirmation}
      />
      <CheckboxField
        label="Show the passwords"
        checked={isShown}
        onChange={(event) => setIsShown(event.target.checked)}
      />
    </>
  );
}
