import { zodResolver } from "@hookform/resolvers/zod";
import {
  accountMessages,
  securityMessages,
  type ParsedUpdateSettingsRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import { useEffect, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import {
  describeSettingsFailure,
  settingsMessages,
  useUpdateSettings,
} from "../api/update-settings.ts";
import {
  SettingsFormSchema,
  isContactChanged,
  isVetChanged,
  toSettingsFormValues,
  toSettingsRequest,
  type SettingsFormValues,
} from "../settings-form.ts";

// The form holds plain strings; the schema turns them into the request.
const resolver = zodResolver(SettingsFormSchema) as unknown as Resolver<
  SettingsFormValues,
  unknown,
  ParsedUpdateSettingsRequest
>;

export type SettingsFieldName = keyof SettingsFormValues;

/**
 * The settings form's state: the values, the live rules that tie fields together, and the save
 * with its failure messages. The page only lays the fields out.
 */
export function useSettingsForm(user: UserProfile) {
  const updateSettings = useUpdateSettings();
  const [failure, setFailure] = useState<string[]>([]);
  const form = useForm<SettingsFormValues, unknown, ParsedUpdateSettingsRequest>({
    resolver,
    defaultValues: toSettingsFormValues(user),
  });
  const {
    register,
    control,
    trigger,
    setValue,
    getValues,
    setError,
    reset,
    formState: { errors },
  } = form;

  const email = useWatch({ control: control, name: "email" });
  const phoneNumber = useWatch({ control: control, name: "phone_number" });
  const password = useWatch({ control: control, name: "password" });
  const confirmPassword = useWatch({ control: control, name: "confirm_password" });
  const enterprises = useWatch({ control: control, name: "enterprises" });
  const countryCode = useWatch({ control: control, name: "country_code" });
  const vetId = useWatch({ control: control, name: "vet_id" });
  const isMovingVet = isVetChanged({ vet_id: vetId }, user);
  // Only for the hint, so typing is judged roughly; the save decides on the parsed values.
  const isMovingContact = isContactChanged(
    {
      email: email.trim() === "" ? null : email.trim().toLowerCase(),
      phone_number: phoneNumber.replace(/[^\d]/g, ""),
      country_code: countryCode,
    },
    user,
  );
  const hasEmail = email.trim() !== "";
  const hasPhone = phoneNumber.trim() !== "";
  // docs/product.md §5: 'Passwords do not match' whenever the two differ.
  const passwordMismatch =
    confirmPassword !== "" && password !== confirmPassword
      ? accountMessages.settingsPasswordMismatch
      : undefined;

  // docs/product.md §5: no e-mail, no e-mail notifications; no phone, no texts.
  useEffect(() => {
    if (!hasEmail && getValues("notify_email")) setValue("notify_email", false);
    if (!hasPhone && getValues("notify_phone")) setValue("notify_phone", false);
  }, [hasEmail, hasPhone, getValues, setValue]);

  // A message under a field goes away as soon as the farmer fixes it.
  const recheck = (...names: SettingsFieldName[]) => {
    if (names.some((name) => errors[name])) void trigger(names);
  };
  const field = (name: SettingsFieldName) => register(name, { onChange: () => recheck(name) });

  const save = form.handleSubmit((parsed) => {
    setFailure([]);
    // A session alone must not move the addresses a password reset goes to, nor give or end a
    // practice's access to the calendars (decision 503).
    if (!parsed.current_password && isContactChanged(parsed, user)) {
      setError(
        "current_password",
        { type: "required", message: securityMessages.currentPasswordForContactChange },
        { shouldFocus: true },
      );
      return;
    }
    if (!parsed.current_password && isVetChanged(parsed, user)) {
      setError(
        "current_password",
        { type: "required", message: securityMessages.currentPasswordForVetChange },
        { shouldFocus: true },
      );
      return;
    }
    updateSettings.mutate(toSettingsRequest(parsed, user), {
      // docs/product.md D4: the success message waits for the server's answer.
      onSuccess: (saved) => {
        reset(toSettingsFormValues(saved));
        const isWaiting =
          (saved.pending_email !== null && saved.pending_email !== user.pending_email) ||
          (saved.pending_phone !== null && saved.pending_phone !== user.pending_phone);
        showNotification(
          NotificationType.success,
          isWaiting ? settingsMessages.savedPending : settingsMessages.saved,
        );
      },
      onError: (error) => {
        const { messages, fields } = describeSettingsFailure(error);
        for (const { field: name, message } of fields) {
          if (name in toSettingsFormValues(user)) {
            setError(name as SettingsFieldName, { type: "server", message });
          }
        }
        setFailure(messages);
        showNotification(
          NotificationType.error,
          `${settingsMessages.notSaved} ${messages.join(" ")}`,
        );
      },
    });
  });

  return {
    form,
    errors,
    field,
    recheck,
    save,
    isSaving: updateSettings.isPending,
    failure,
    hasEmail,
    hasPhone,
    passwordMismatch,
    enterprises,
    isMovingContact,
    isMovingVet,
  };
}

export type SettingsFormState = ReturnType<typeof useSettingsForm>;
