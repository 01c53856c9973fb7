import { accountMessages, type ParsedRegisterRequest } from "@vaxcal/contracts";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { NewPasswordFields } from "../../../../components/ui/new-password-fields.tsx";
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
  const password = useWatch({ control: form.control, name: "password" });
  const confirmation = useWatch({ control: form.control, name: "password_confirmation" });
  // docs/product.md §4: the mismatch shows whenever either password changes and they differ.
  const liveMismatch =
    confirmation !== "" && password !== confirmation ? accountMessages.passwordMismatch : undefined;

  return (
    <>
      <p>Choose a password for your account.</p>
      <NewPasswordFields
        password={{
          error: errors.password?.message,
          ...register("password", {
            onChange: () => {
              if (errors.password) void trigger("password");
            },
          }),
        }}
        confirmation={{
          error: liveMismatch ?? errors.password_confirmation?.message,
          ...register("password_confirmation", {
            onChange: () => {
              if (errors.password_confirmation) void trigger("password_confirmation");
            },
          }),
        }}
      />
    </>
  );
}
