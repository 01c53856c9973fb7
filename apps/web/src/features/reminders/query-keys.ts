/** Every query key of the reminders, from one place; other features take them from index.ts. */
export const remindersQueryKeys = {
  status: () => ["reminder-status"] as const,
  /** This week on the farm: the shots due and their reminders (decision 603). */
  farmWeek: () => ["farm-week"] as const,
};
