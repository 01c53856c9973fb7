import { accountMessages, passwordPolicy, type ParsedRegisterRequest } from "@vaxcal/contracts";
import { useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { CheckboxField, TextField } from "../../../../components/ui/form-fields.tsx";
import type { RegisterFormValues } from "./register-form.ts";

type RegisterForm = UseFormReturn<RegisterFormValues, unknown, ParsedRegisterRequest>;

/**
 * docs/product.md §2 register step 2: password and confirmation, with the live mismatch message.
 */
export function RegisterStepPassword({ form }: { form: RegisterForm }) {
  const {
    register,
    trigger,
    formState: { errors },
  } = form;
  const [isShown, setIsShown] = useState(false);
  const password = useWatch({ control: form.control, name: "password" });
  const confirmation = useWatch({ control: form.control, name: "password_confirmation" });
  // docs/product.md §4: the mismatch shows whenever either password changes and they differ.
  const liveMismatch =
    confirmation !== "" && password !== confirmation ? accountMessages.passwordMismatch : undefined;
  const type = isShown ? "text" : "password";

  return (
    <>
      <p>Choose a password for your account.</p>
      <TextField
        label="Password"
        type={type}
        autoComplete="new-password"
        hint={`At least ${passwordPolicy.minLength} characters. A few words you will remember make a strong one.`}
        error={errors.password?.message}
        {...register("password", {
          onChange: () => {
            if (errors.password) void trigger("password");
          },
        })}
      />
      <TextField
        label="Confirm password"
        type={type}
        autoComplete="new-password"
        error={liveMismatch ?? errors.password_confirmation?.message}
        {...register("password_confirmation", {
          onChange: () => {
            if (errors.password_confirmation) void trigger("password_confirmation");
          },
        })}
      />
      <CheckboxField
        label="Show the passwords"
        checked={isShown}
        onChange={(event) => setIsShown(event.target.checked)}
      />
    </>
  );
}
