/*
 * The reminders' public entry (decision 601): the reminder status Account Settings shows, the
 * next reminders and the farm's week (decision 603), and the keys a settings change refreshes.
 * Other features import only what is exported here.
 */
export { ReminderStatus } from "./components/reminder-status.tsx";
export { remindersQueryKeys } from "./query-keys.ts";
export { NextReminders } from "./components/next-reminders.tsx";
export { farmWeekQuery, useFarmWeek } from "./api/get-farm-week.ts";
