// The reminders module's public entry: its routes, the planning and sending the jobs run, and
// the ledger and links the vet practices' weekly digest shares.
export { remindersRoutes } from "./reminders.routes.ts";
export { planAllReminders, planCalendarsReminders } from "./plan-reminders.ts";
export {
  claimLeaseMs,
  createReminderSender,
  retryDelaysMs,
  type ReminderSender,
} from "./send-reminders.ts";
export {
  ReminderKind,
  findIrishHour,
  findReminderSendAt,
  isRemindable,
} from "./reminder-schedule.ts";
export {
  ReminderChannel,
  createRemindersRepository,
  type ClaimedReminder,
  type DigestRecipient,
  type PlannedReminder,
  type ReminderGroup,
  type SentShotReminder,
} from "./reminders.repository.ts";
export {
  buildDigestUnsubscribeUrl,
  buildUnsubscribeUrl,
  digestUnsubscribePath,
  isValidDigestUnsubscribeSignature,
} from "./unsubscribe-link.ts";
export { registerOneClickLink, renderPage } from "./one-click-link.ts";
export {
  createVetChangeNoticeSender,
  vetChangeQuietMs,
  type VetChangeNoticeSender,
} from "./send-vet-change-notices.ts";
