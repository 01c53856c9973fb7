import { env } from "../../../../config/env.ts";

/** docs/product.md D12: configured, never a real company's name hard-coded. */
const dataControllerName = env.VITE_DATA_CONTROLLER_NAME ?? env.VITE_COMPANY_NAME;

/**
 * The expandable terms and privacy text of registration step 1 (docs/product.md §2). Under GDPR a
 * data access request is free (docs/product.md D8), so no fee is named.
 */
export function TermsAndPrivacy() {
  return (
    <details className="terms">
      <summary className="terms__summary">Read the terms and privacy notice</summary>
      <div className="terms__body">
        <h4>Terms of use</h4>
        <p>
          VaxCal is a free planning aid. Your calendar is worked out automatically from general
          guidance and is not veterinary advice. Always check it with your vet before you vaccinate.
        </p>
        <h4>Who keeps your data</h4>
        <p>
          The data controller is {dataControllerName}, an animal-health company based in Dublin,
          Ireland.
        </p>
        <h4>What we keep and why</h4>
        <p>
          Your name, email address, mobile number, farm address, the enterprises and animals you
          keep, and your calendars. We use them to make and keep your calendars, to send the
          reminders you ask for, and, only if you tick the box for it, to tell you about
          animal-health products.
        </p>
        <p>
          If you choose a vet practice, its vets can view and edit your calendars and receive
          notifications when your vaccinations are due. You can remove the practice in your account
          settings at any time.
        </p>
        <h4>Your rights</h4>
        <p>
          You can ask for a copy of your data, have it corrected, or have it deleted, at any time
          and free of charge. You can also complain to the Data Protection Commission.
        </p>
        <p>
          VaxCal sets no advertising cookies. This browser keeps your sign-in and your calendar
          draft until you log out.
        </p>
      </div>
    </details>
  );
}
