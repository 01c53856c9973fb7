/*
 * The reminders' public entry (decision 601): the reminder status Account Settings shows, and
 * the keys a settings change refreshes. Other features import only what is exported here.
 */
export { ReminderStatus } from "./components/reminder-status.tsx";
export { remindersQueryKeys } from "./query-keys.ts";
