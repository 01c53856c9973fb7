import { islandCounties, settingsCountries, type UserProfile } from "@vaxcal/contracts";
import type { ReactNode } from "react";
import { Controller } from "react-hook-form";
import { AddressFields } from "../../../components/ui/address-fields.tsx";
import { FarmDetailsFields } from "../../../components/ui/farm-details-fields.tsx";
import {
  CheckboxField,
  FieldGroup,
  SelectField,
  EmailField,
  TextField,
  type SelectOption,
} from "../../../components/ui/form-fields.tsx";
import { MobileNumberFields } from "../../../components/ui/mobile-number-fields.tsx";
import { PersonNameFields } from "../../../components/ui/person-name-fields.tsx";
import { VetPicker } from "../../../components/ui/vet-picker.tsx";
import { hostGates } from "../../../config/hosts.ts";
import { emptyToNull } from "../../../lib/farm-profile.ts";
import type { SettingsFormState } from "../hooks/use-settings-form.ts";

const securityHints = {
  contactChangeNeedsPassword:
    "You are changing your email address or mobile number: please enter your current password.",
  vetChangeNeedsPassword: "You are changing your vet practice: please enter your current password.",
  vetChangeNeedsPasswordBelow:
    "Changing your vet practice needs your current password: enter it under 'Change your password' above, then save.",
} as const;

const toOptions = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

type SectionProps = { settings: SettingsFormState };

function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section className="settings__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="form">{children}</div>
    </section>
  );
}

export function AccountDetailsSection({ settings }: SectionProps) {
  const { form, errors, field, recheck, passwordMismatch, isMovingContact, isMovingVet } = settings;
  const { register, getValues, trigger } = form;
  return (
    <SettingsSection title="Account details">
      <PersonNameFields registerField={field} errors={errors} />
      <EmailField
        error={errors.email?.message}
        {...register("email", { onChange: () => recheck("email", "phone_number") })}
      />
      <MobileNumberFields
        registerField={register}
        error={errors.phone_number?.message}
        onCallingCodeChange={() => {
          if (getValues("phone_number")) void trigger("phone_number");
        }}
        onNumberEntered={() => void trigger("phone_number")}
        onNumberChange={() => recheck("phone_number", "email")}
      />
      <FieldGroup
        legend="Change your password"
        hint="Leave these empty to keep your password. To set a new one, enter your current password too."
      >
        <div className="settings__password-fields">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint={
              isMovingContact
                ? securityHints.contactChangeNeedsPassword
                : isMovingVet
                  ? securityHints.vetChangeNeedsPassword
                  : undefined
            }
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
            error={passwordMismatch ?? errors.confirm_password?.message}
            {...field("confirm_password")}
          />
        </div>
      </FieldGroup>
    </SettingsSection>
  );
}

export function FarmInfoSection({ settings }: SectionProps) {
  const { errors, field } = settings;
  return (
    <SettingsSection title="Farm info">
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
  );
}

export function NotificationSection({ settings }: SectionProps) {
  const { form, errors, hasEmail, hasPhone } = settings;
  const { register } = form;
  return (
    <SettingsSection title="Notification settings">
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
  );
}

export function FarmDetailsSection({ settings }: SectionProps) {
  const { form, errors, enterprises } = settings;
  const { register } = form;
  return (
    <SettingsSection title="Farm details">
      <FarmDetailsFields
        enterprises={enterprises}
        enterprisesLegend="Enterprises"
        registerEnterprise={() => register("enterprises")}
        registerAnimal={() => register("animals")}
        herdSize={register("herd_size", { setValueAs: emptyToNull })}
        flockSize={register("flock_size", { setValueAs: emptyToNull })}
        errors={{ herdSize: errors.herd_size?.message, flockSize: errors.flock_size?.message }}
        areSizesSideBySide
      />
    </SettingsSection>
  );
}

export function VetSection({ settings, user }: SectionProps & { user: UserProfile }) {
  return (
    <SettingsSection title="Vet settings">
      <p>
        {user.vet
          ? `Your calendars are shared with ${user.vet.vet_practice_name}. Its vets can view and edit them and receive notifications when your vaccinations are due.`
          : "You have not chosen a vet practice, so your calendars are not shared with a vet."}
      </p>
      {hostGates.showsPrelaunchItems && (
        <div className="prelaunch-item settings__vet-search">
          <Controller
            control={settings.form.control}
            name="vet_id"
            render={({ field: vetField, fieldState }) => (
              <VetPicker
                value={vetField.value}
                onChange={vetField.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          {settings.isMovingVet && (
            <p className="field__hint" role="status">
              {securityHints.vetChangeNeedsPasswordBelow}
            </p>
          )}
        </div>
      )}
    </SettingsSection>
  );
}
