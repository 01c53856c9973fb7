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
