import type { UserProfile } from "@vaxcal/contracts";
import { useEffect, useRef } from "react";
import { AlertBox } from "../../../components/ui/form-fields.tsx";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { useCurrentUser } from "../../../lib/current-user.ts";
import { NextReminders, ReminderStatus } from "../../reminders/index.ts";
import { settingsMessages } from "../api/update-settings.ts";
import { useSettingsForm } from "../hooks/use-settings-form.ts";
import { ContactVerification } from "./contact-verification.tsx";
import { SettingsSectionLinks } from "./settings-section-links.tsx";
import {
  AccountDetailsSection,
  FarmDetailsSection,
  FarmInfoSection,
  NotificationSection,
  VetSection,
} from "./settings-sections.tsx";
import "./account-settings.css";

/**
 * /settings (docs/product.md §2 'Account Settings'): 'Loading...' until the user is loaded, then
 * the form.
 */
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
          <SettingsSectionLinks />
          <ContactVerification user={currentUser.data} />
          <ReminderStatus />
          <NextReminders />
          <SettingsForm user={currentUser.data} />
        </>
      )}
    </section>
  );
}

function SettingsForm({ user }: { user: UserProfile }) {
  const settings = useSettingsForm(user);
  const { failure } = settings;
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure.length > 0) alertRef.current?.focus();
  }, [failure]);

  return (
    <form className="form settings__form" noValidate onSubmit={settings.save}>
      <AlertBox ref={alertRef} title={settingsMessages.notSaved} messages={failure} />
      <AccountDetailsSection settings={settings} />
      <FarmInfoSection settings={settings} />
      <NotificationSection settings={settings} />
      <FarmDetailsSection settings={settings} />
      <VetSection settings={settings} user={user} />
      <div className="settings__actions">
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={settings.isSaving}
        >
          {settings.isSaving ? "Saving…" : "Save settings"}
        </button>
      </div>
    </form>
  );
}
