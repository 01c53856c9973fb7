/** Every query key of the reminders, from one place; other features take them from index.ts. */
export const remindersQueryKeys = {
  status: () => ["reminder-status"] as const,
};
