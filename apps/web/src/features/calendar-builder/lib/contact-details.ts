import { UpdateSettingsRequestSchema, accountMessages, type UserProfile } from "@vaxcal/contracts";
import { z } from "zod";

/**
 * Spec §3 'Contact details at calendar finish' and §5 'Contact warnings': the confirm popup's
 * fields, named as the spec names them, and its checks. Spec texts word for word.
 */
export const contactMessages = {
  /** Spec §5, word for word. */
  firstNameRequired: "* First name is required.",
  /** Spec §5, word for word. */
  emailRequired: "* The email field is required.",
  /** Spec §5: the server check flags an e-mail already used by another account. */
  emailTaken: "This email address belongs to another account. Please use your own.",
  phoneInvalid: "Please enter a valid mobile number, for example 087 123 4567.",
} as const;

// The settings form's e-mail rules (format, length, plain text), so both forms agree.
const OptionalEmailSchema = UpdateSettingsRequestSchema.shape.email;

const phonePattern = /^\+?[\d\s\-.()]{6,24}$/;

export const ContactDetailsSchema = z
  .object({
    name: z.string().trim().min(1, contactMessages.firstNameRequired),
    surname: z.string().trim(),
    phone_number: z
      .string()
      .trim()
      .refine((value) => value === "" || phonePattern.test(value), contactMessages.phoneInvalid),
    vet_email_address: OptionalEmailSchema,
    email: OptionalEmailSchema,
    agree_to_terms: z.boolean().refine((value) => value, accountMessages.termsRequired),
  })
  .superRefine((value, context) => {
    // PRODUCT.md decision 6: an e-mail or a mobile, not both. A farmer who registered with a
    // mobile alone can finish a calendar; the spec's message shows when neither is given.
    if (!value.email && value.phone_number === "") {
      context.addIssue({ code: "custom", path: ["email"], message: contactMessages.emailRequired });
    }
  });
export type ContactDetailsInput = z.input<typeof ContactDetailsSchema>;
export type ContactDetails = z.output<typeof ContactDetailsSchema>;

/** The popup's fields filled in from the profile (spec §4: contact details prefilled). */
export function prefillContactDetails(user: UserProfile | null): ContactDetailsInput {
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
  return email.trim().toLowerCase() !== (user?.email ?? "").trim().toLowerCase();
}
