import {
  CalendarContactSchema,
  RoleName,
  calendarContactMessages,
  currentTermsVersion,
  type CalendarContact,
  type SavedCalendarContact,
  type UserProfile,
} from "@vaxcal/contracts";

/**
 * docs/product.md §3 'Contact details at calendar finish' and §5 'Contact warnings': the confirm
 * popup's fields, named as the spec names them. The checks and texts are the contract's, so the
 * popup shows what the server would answer.
 */
export const contactMessages = calendarContactMessages;

export const ContactDetailsSchema = CalendarContactSchema;

/** The popup's check while it asks for the terms: the box must be ticked (docs/product.md D18). */
export const ContactDetailsWithTermsSchema = CalendarContactSchema.superRefine(
  (value, context) => {
    const fields: Partial<Record<string, unknown>> = value;
    if (fields.agree_to_terms !== true) {
      context.addIssue({
        code: "custom",
        path: ["agree_to_terms"],
        message: calendarContactMessages.termsRequired,
      });
    }
  },
  // Runs even when other fields failed, so the popup shows every problem at once.
  { when: (payload) => typeof payload.value === "object" && payload.value !== null },
);
export type ContactDetails = CalendarContact;

/** What the fields hold while the farmer types; the terms box starts unticked. */
export type ContactDetailsFormValues = {
  name: string;
  surname: string;
  phone_number: string;
  vet_email_address: string;
  email: string;
  agree_to_terms: boolean;
};

/**
 * docs/product.md D18: the terms box shows only while the account has not agreed to the current
 * version of the terms; once agreed, no save asks again. Without a profile yet, it asks.
 */
export function needsTermsAgreement(user: UserProfile | null): boolean {
  return user?.terms_version !== currentTermsVersion;
}

/**
 * The popup's fields filled in: in edit mode from what was confirmed at the calendar's last save,
 * otherwise from the profile (docs/product.md §4: the popup opens with the contact details).
 */
export function prefillContactDetails(
  user: UserProfile | null,
  savedContact: SavedCalendarContact | null = null,
): ContactDetailsFormValues {
  if (savedContact !== null) {
    return {
      name: savedContact.name,
      surname: savedContact.surname ?? "",
      phone_number: savedContact.phone_number ?? "",
      vet_email_address: savedContact.vet_email_address ?? "",
      email: savedContact.email ?? "",
      agree_to_terms: false,
    };
  }
  return {
    name: user?.name ?? "",
    surname: user?.surname ?? "",
    phone_number: user?.phone ?? "",
    vet_email_address: "",
    email: user?.email ?? "",
    agree_to_terms: false,
  };
}

/** True when the e-mail differs from the account's own, so another account might hold it. */
export function needsEmailCheck(
  email: string | null | undefined,
  user: UserProfile | null,
): boolean {
  if (!email) return false;
  // A vet saves a client's calendar, whose contact is the farmer's own account (decision 501).
  if (user?.roles.some((role) => role.name === RoleName.vetManager || role.name === RoleName.vet)) {
    return false;
  }
  return email.trim().toLowerCase() !== (user?.email ?? "").trim().toLowerCase();
}
