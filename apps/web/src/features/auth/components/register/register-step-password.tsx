import { accountMessages, type ParsedRegisterRequest } from "@vaxcal/contracts";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { CheckboxField } from "../../../../components/ui/form-fields.tsx";
import { NewPasswordFields } from "../../../../components/ui/new-password-fields.tsx";
import type { RegisterFormValues } from "./register-form.ts";
import { TermsAndPrivacy } from "./terms-and-privacy.tsx";

type RegisterForm = UseFormReturn<RegisterFormValues, unknown, ParsedRegisterRequest>;

/**
 * docs/product.md §2 register step 2: password and confirmation, with the live mismatch message;
 * then the terms and consents (decision 429), so Finish is on the step where the password is typed
 * and the server's answer on it (too common, the account's own name) shows here.
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
      <TermsAndPrivacy />
      <div className="consents">
        <CheckboxField
          label="I agree to the terms and conditions and the privacy notice."
          error={errors.agree_to_terms?.message}
          {...register("agree_to_terms", {
            onChange: () => {
              if (errors.agree_to_terms) void trigger("agree_to_terms");
            },
          })}
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
