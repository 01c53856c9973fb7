import { zodResolver } from "@hookform/resolvers/zod";
import {
  countryCallingCodes,
  enterpriseNames,
  farmSizeBands,
  islandCounties,
  settingsCountries,
  type ParsedUpdateSettingsRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import { accountMessages } from "@vaxcal/contracts";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Controller, useForm, type Resolver, useWatch } from "react-hook-form";
import { AddressFields } from "../../../components/ui/address-fields.tsx";
import { Combobox } from "../../../components/ui/combobox.tsx";
import {
  AlertBox,
  CheckboxField,
  FieldGroup,
  SelectField,
  TextField,
  type SelectOption,
} from "../../../components/ui/form-fields.tsx";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { hostGates } from "../../../config/hosts.ts";
import { useCurrentUser } from "../../../lib/current-user.ts";
import { hasFlock, hasHerd, listAnimalsFor } from "../../../lib/farm-profile.ts";
import { useVets } from "../../../lib/vets.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import {
  describeSettingsFailure,
  settingsMessages,
  useUpdateSettings,
} from "../api/update-settings.ts";
import {
  SettingsFormSchema,
  toSettingsFormValues,
  toSettingsRequest,
  type SettingsFormValues,
} from "../settings-form.ts";
import { ContactVerification } from "./contact-verification.tsx";
import "./account-settings.css";

// The form holds plain strings; the schema turns them into the request.
const resolver = zodResolver(SettingsFormSchema) as unknown as Resolver<
  SettingsFormValues,
  unknown,
  ParsedUpdateSettingsRequest
>;

const toOptions = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));
const callingCodeOptions: SelectOption[] = countryCallingCodes.map((code) => ({
  value: code,
  label: code === "+353" ? "+353 (Ireland)" : "+44 (UK)",
}));
const sizeOptions = toOptions(farmSizeBands);
const emptyToNull = (value: string) => (value === "" ? null : value);

/** /settings (spec §2 'Account Settings'): 'Loading...' until the user is loaded, then the form. */
export function AccountSettingsPage() {
  const currentUser = useCurrentUser();

  return (
    <section className="settings">
      <title>Account settings · VaxCal</title>
      <h1>Account settings</h1>
      {currentUser.isPending && <LoadingState label="Loading..." />}
      {currentUser.isError && (
        <ErrorState
          message={`${settingsMessages.loadFailed} ${settingsMessages.tryAgain}`}
          onRetry={() => void currentUser.refetch()}
        />
      )}
      {currentUser.isSuccess && (
        <>
          <ContactVerification user={currentUser.data} />
          <SettingsForm user={currentUser.data} />
        </>
      )}
    </section>
  );
}

function SettingsForm({ user }: { user: UserProfile }) {
  const updateSettings = useUpdateSettings();
  const [failure, setFailure] = useState<string[]>([]);
  const alertRef = useRef<HTMLDivElement>(null);
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
  const hasEmail = email.trim() !== "";
  const hasPhone = phoneNumber.trim() !== "";
  // Spec §5: 'Passwords do not match' whenever the two differ.
  const liveMismatch =
    confirmPassword !== "" && password !== confirmPassword
      ? accountMessages.settingsPasswordMismatch
      : undefined;

  // Spec §5: no e-mail, no e-mail notifications; no phone, no texts.
  useEffect(() => {
    if (!hasEmail && getValues("notify_email")) setValue("notify_email", false);
    if (!hasPhone && getValues("notify_phone")) setValue("notify_phone", false);
  }, [hasEmail, hasPhone, getValues, setValue]);

  useEffect(() => {
    if (failure.length > 0) alertRef.current?.focus();
  }, [failure]);

  const recheck = (...names: (keyof SettingsFormValues)[]) => {
    if (names.some((name) => errors[name])) void trigger(names);
  };
  const field = (name: keyof SettingsFormValues) =>
    register(name, { onChange: () => recheck(name) });

  const save = form.handleSubmit((parsed) => {
    setFailure([]);
    updateSettings.mutate(toSettingsRequest(parsed), {
      // PRODUCT.md decision 4: the success message waits for the server's answer.
      onSuccess: (saved) => {
        reset(toSettingsFormValues(saved));
        showNotification(NotificationType.success, settingsMessages.saved);
      },
      onError: (error) => {
        const { messages, fields } = describeSettingsFailure(error);
        for (const { field: name, message } of fields) {
          if (name in toSettingsFormValues(user)) {
            setError(name as keyof SettingsFormValues, { type: "server", message });
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

  const animals = listAnimalsFor(enterprises);

  return (
    <form className="form settings__form" noValidate onSubmit={save}>
      <AlertBox ref={alertRef} title={settingsMessages.notSaved} messages={failure} />

      <SettingsSection title="Account details">
        <div className="field-row">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.name?.message}
            {...field("name")}
          />
          <TextField
            label="Surname"
            autoComplete="family-name"
            error={errors.surname?.message}
            {...field("surname")}
          />
        </div>
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email?.message}
          {...register("email", { onChange: () => recheck("email", "phone_number") })}
        />
        <div className="field-row field-row--narrow-first">
          <SelectField
            label="Country code"
            options={callingCodeOptions}
            {...register("country_code", {
              onChange: () => {
                if (getValues("phone_number")) void trigger("phone_number");
              },
            })}
          />
          <TextField
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            error={errors.phone_number?.message}
            {...register("phone_number", {
              onBlur: (event: { target: { value: string } }) => {
                if (event.target.value.trim() !== "") void trigger("phone_number");
              },
              onChange: () => recheck("phone_number", "email"),
            })}
          />
        </div>
        <FieldGroup
          legend="Change your password"
          hint="Leave these empty to keep your password. To set a new one, enter your current password too."
        >
          <div className="settings__password-fields">
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              error={errors.current_password?.message}
              {...field("current_password")}
            />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...field("password")}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              error={liveMismatch ?? errors.confirm_password?.message}
              {...field("confirm_password")}
            />
          </div>
        </FieldGroup>
      </SettingsSection>

      <SettingsSection title="Farm Info">
        <AddressFields registerField={field} errors={errors} eircodeLabel="Eircode or postcode" />
        <div className="field-row">
          <SelectField
            label="County"
            placeholder="Select county"
            options={toOptions(islandCounties)}
            error={errors.county?.message}
            {...field("county")}
          />
          <SelectField
            label="Country"
            placeholder="Select country"
            options={toOptions(settingsCountries)}
            error={errors.country?.message}
            {...field("country")}
          />
        </div>
      </SettingsSection>

      <SettingsSection title="Notification Settings">
        <FieldGroup
          legend="Notification preference"
          hint="How we remind you seven days before each vaccination is due."
        >
          <CheckboxField
            label={hasEmail ? "Email reminders" : "Email reminders (add an email address first)"}
            disabled={!hasEmail}
            error={errors.notify_email?.message}
            {...register("notify_email")}
          />
          <CheckboxField
            label={
              hasPhone
                ? "Text message reminders"
                : "Text message reminders (add a mobile number first)"
            }
            disabled={!hasPhone}
            error={errors.notify_phone?.message}
            {...register("notify_phone")}
          />
        </FieldGroup>
        <CheckboxField
          label="Send me news about animal-health products."
          {...register("product_notifications")}
        />
      </SettingsSection>

      <SettingsSection title="Farm Details">
        <FieldGroup legend="Enterprises">
          {enterpriseNames.map((name) => (
            <CheckboxField key={name} label={name} value={name} {...register("enterprises")} />
          ))}
        </FieldGroup>
        {animals.length > 0 && (
          <FieldGroup legend="Animals">
            {animals.map((name) => (
              <CheckboxField key={name} label={name} value={name} {...register("animals")} />
            ))}
          </FieldGroup>
        )}
        <div className="field-row">
          {hasHerd(enterprises) && (
            <SelectField
              label="Herd size"
              placeholder="Select herd size"
              options={sizeOptions}
              error={errors.herd_size?.message}
              {...register("herd_size", { setValueAs: emptyToNull })}
            />
          )}
          {hasFlock(enterprises) && (
            <SelectField
              label="Flock size"
              placeholder="Select flock size"
              options={sizeOptions}
              error={errors.flock_size?.message}
              {...register("flock_size", { setValueAs: emptyToNull })}
            />
          )}
        </div>
      </SettingsSection>

      <SettingsSection title="Vet Settings">
        <p>
          {user.vet
            ? `Your calendars are shared with ${user.vet.vet_practice_name}. Its vets can view and edit them and receive notifications when your vaccinations are due.`
            : "You have not chosen a vet practice, so your calendars are not shared with a vet."}
        </p>
        {hostGates.showsPrelaunchItems && (
          <div className="prelaunch-item settings__vet-search">
            <Controller
              control={control}
              name="vet_id"
              render={({ field: vetField, fieldState }) => (
                <VetSearch
                  value={vetField.value}
                  onChange={vetField.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
        )}
      </SettingsSection>

      <div className="settings__actions">
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={updateSettings.isPending}
        >
          {updateSettings.isPending ? "Saving…" : "Save Settings"}
        </button>
      </div>
    </form>
  );
}

function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section className="settings__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="form">{children}</div>
    </section>
  );
}

function VetSearch({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const vets = useVets({ isEnabled: true });
  const options = (vets.data ?? []).map((vet) => ({ id: vet.id, label: vet.vet_practice_name }));
  return (
    <Combobox
      label="Do you want to share your calendars with your vet?"
      placeholder="Search for a vet..."
      description="The vet practice you choose can view and edit your calendars and will receive notifications when your vaccinations are due."
      options={options}
      value={value}
      onChange={onChange}
      error={error}
      noMatchText={
        vets.isPending
          ? "Loading vet practices…"
          : vets.isError
            ? "The vet practices could not be loaded. Please try again later."
            : "No vet practice matches. Check the spelling."
      }
      clearLabel="the vet practice"
    />
  );
}
