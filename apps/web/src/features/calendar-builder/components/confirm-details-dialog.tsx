import { zodResolver } from "@hookform/resolvers/zod";
import type { SavedCalendarContact, UserProfile } from "@vaxcal/contracts";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { CheckboxField, EmailField, TextField } from "../../../components/ui/form-fields.tsx";
import { PersonNameFields } from "../../../components/ui/person-name-fields.tsx";
import { LoadingState } from "../../../components/ui/status-panels.tsx";
import { useAuthStore } from "../../../stores/auth.ts";
import { useCurrentUser } from "../../../lib/current-user.ts";
import { checkUserExists } from "../api/check-user-exists.ts";
import {
  ContactDetailsSchema,
  ContactDetailsWithTermsSchema,
  contactMessages,
  needsEmailCheck,
  needsTermsAgreement,
  prefillContactDetails,
  type ContactDetails,
  type ContactDetailsFormValues,
} from "../lib/contact-details.ts";
import { LocalDialog } from "../../../components/ui/dialog.tsx";

type ContactResolver = Resolver<ContactDetailsFormValues, unknown, ContactDetails>;
const resolver = zodResolver(ContactDetailsSchema) as unknown as ContactResolver;
const resolverWithTerms = zodResolver(ContactDetailsWithTermsSchema) as unknown as ContactResolver;

type ConfirmDetailsDialogProps = {
  /** The label of the button that saves: 'Finish calendar', or 'Save changes' (decision 424). */
  submitLabel: string;
  /** In edit mode, what was confirmed at the calendar's last save; it prefills the fields. */
  savedContact?: SavedCalendarContact | null;
  /** The details as the submit payload's `contact` carries them. */
  onConfirm: (details: ContactDetails) => void;
  onCancel: () => void;
};

/**
 * docs/product.md §4 'Finish click': a signed-in farmer confirms the contact details before the
 * calendar is saved, prefilled from the saved calendar in edit mode and from the profile otherwise.
 * The profile is on its way right after a login; the popup waits for it rather than showing empty
 * fields that would then jump.
 */
export function ConfirmDetailsDialog({
  submitLabel,
  savedContact = null,
  onConfirm,
  onCancel,
}: ConfirmDetailsDialogProps) {
  const profile = useCurrentUser();
  const storedUser = useAuthStore((state) => state.user);
  const user = profile.data ?? storedUser;

  return (
    <LocalDialog title="Confirm your details" onClose={onCancel}>
      {user === null && savedContact === null && profile.isPending ? (
        <LoadingState label="Loading your details…" />
      ) : (
        <ContactDetailsForm
          user={user}
          savedContact={savedContact}
          submitLabel={submitLabel}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      )}
    </LocalDialog>
  );
}

function ContactDetailsForm({
  user,
  savedContact,
  submitLabel,
  onConfirm,
  onCancel,
}: ConfirmDetailsDialogProps & { user: UserProfile | null }) {
  const [isChecking, setIsChecking] = useState(false);
  const isAskingTerms = needsTermsAgreement(user);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ContactDetailsFormValues, unknown, ContactDetails>({
    resolver: isAskingTerms ? resolverWithTerms : resolver,
    defaultValues: prefillContactDetails(user, savedContact),
  });

  const submit = handleSubmit(async (details) => {
    if (needsEmailCheck(details.email, user)) {
      setIsChecking(true);
      const isTaken = await checkUserExists(details.email ?? "").then(
        (answer) => answer.userExist,
        // The check only warns; without signal it must not stop the farmer saving the calendar.
        () => false,
      );
      setIsChecking(false);
      if (isTaken) {
        setError("email", { type: "server", message: contactMessages.emailTaken });
        setFocus("email");
        return;
      }
    }
    // Sent only when asked: an unticked box that was never shown is no answer.
    onConfirm(isAskingTerms ? details : { ...details, agree_to_terms: undefined });
  });

  return (
    <form className="form confirm-details" noValidate onSubmit={(event) => void submit(event)}>
      <p>Please check your contact details before we save your calendar.</p>
      <PersonNameFields
        className="confirm-details__pair"
        registerField={register}
        errors={errors}
        isSurnameOptional
      />
      <EmailField autoCapitalize="none" error={errors.email?.message} {...register("email")} />
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        isOptional
        error={errors.phone_number?.message}
        {...register("phone_number")}
      />
      <TextField
        label="Your vet's email address"
        type="email"
        autoCapitalize="none"
        spellCheck={false}
        isOptional
        error={errors.vet_email_address?.message}
        {...register("vet_email_address")}
      />
      {isAskingTerms && (
        <CheckboxField
          label="I agree to the terms and conditions and the privacy policy."
          error={errors.agree_to_terms?.message}
          {...register("agree_to_terms")}
        />
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={isChecking}>
          {isChecking ? "Checking your details…" : submitLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
