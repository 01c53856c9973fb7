import type { Locator } from "@playwright/test";

/**
 * Counts what a farmer does on a form, as a phone user would: typing into a field takes a tap
 * (to focus it) and is one typed field; a checkbox or a button is one tap; a select is two (open
 * the list, pick the option). Issue 25 item 6 compares these counts before and after.
 */
export function countTaps() {
  const counts = { taps: 0, typedFields: 0 };
  return {
    counts,
    async type(field: Locator, value: string): Promise<void> {
      counts.taps += 1;
      counts.typedFields += 1;
      await field.fill(value);
    },
    async tap(target: Locator): Promise<void> {
      counts.taps += 1;
      await target.click();
    },
    async check(box: Locator): Promise<void> {
      counts.taps += 1;
      await box.check();
    },
    async choose(select: Locator, option: string): Promise<void> {
      counts.taps += 2;
      await select.selectOption(option);
    },
  };
}

export type SignUpDetails = {
  name: string;
  surname: string;
  mobile?: string;
  email?: string;
  password: string;
  /** Ticked on step 1 unless the calendar being saved already ticked it. */
  enterprise?: string;
  herdSize?: string;
  /** "Send me free reminders…". */
  reminders?: boolean;
};

/**
 * Fills the two-step sign-up (decision 429) in the open register dialog and presses Finish:
 * step 1 asks who the farmer is and the farm, step 2 the password and the terms. The farm name
 * and address are left folded away. Returns the taps and typed fields it took.
 */
export async function signUp(dialog: Locator, details: SignUpDetails, farmer = countTaps()) {
  await farmer.type(dialog.getByLabel("First name"), details.name);
  await farmer.type(dialog.getByLabel("Surname"), details.surname);
  if (details.mobile) await farmer.type(dialog.getByLabel("Mobile number"), details.mobile);
  if (details.email) await farmer.type(dialog.getByLabel("Email address"), details.email);
  if (details.enterprise) await farmer.check(dialog.getByLabel(details.enterprise));
  if (details.herdSize) await farmer.choose(dialog.getByLabel("Herd size"), details.herdSize);
  await farmer.tap(dialog.getByRole("button", { name: "Next step" }));
  await farmer.type(dialog.getByLabel("Password", { exact: true }), details.password);
  await farmer.type(dialog.getByLabel("Confirm password"), details.password);
  await farmer.check(dialog.getByLabel(/I agree to the terms/));
  if (details.reminders) await farmer.check(dialog.getByLabel(/free reminders/));
  await farmer.tap(dialog.getByRole("button", { name: "Finish registration" }));
  return farmer.counts;
}
