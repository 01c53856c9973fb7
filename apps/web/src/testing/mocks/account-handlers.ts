import {
  accountMessages,
  accountPaths,
  type AuthResponse,
  type MessageResponse,
  type ReminderStatusResponse,
  type RegisterResponse,
  type UserProfile,
  type VerifyResetTokenResponse,
  reminderPaths,
  farmWeekPaths,
  type FarmWeekResponse,
} from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
import { authResponseFixture, farmerFixture } from "./account-fixtures.ts";

/**
 * Default answers for every accounts call, typed from the contracts, so that a screen which
 * calls one in passing (the logout modal, the profile at start) works in any test. A test of a
 * failure overrides its call with `server.use(...)`.
 */
export function createAccountHandlers(user: UserProfile = farmerFixture) {
  return [
    http.get(accountPaths.user, () => HttpResponse.json<UserProfile>(user)),
    http.post(accountPaths.login, () =>
      HttpResponse.json<AuthResponse>({ ...authResponseFixture, user }),
    ),
    http.post(accountPaths.logout, () =>
      HttpResponse.json<MessageResponse>({ message: accountMessages.loggedOut }),
    ),
    http.post(accountPaths.register, () =>
      HttpResponse.json<RegisterResponse>(
        { success: true, message: accountMessages.registered, ...authResponseFixture, user },
        { status: 201 },
      ),
    ),
    http.put(accountPaths.settings, () => HttpResponse.json<UserProfile>(user)),
    http.get(reminderPaths.status, () =>
      HttpResponse.json<ReminderStatusResponse>({
        email_reminders: user.notify_email,
        text_reminders: user.notify_phone,
        failures: [],
      }),
    ),
    // This week on the farm (decision 603): no calendars yet.
    http.get(farmWeekPaths.list, () =>
      HttpResponse.json<FarmWeekResponse>({
        today: "2026-03-02",
        to: "2026-05-03",
        calendars: 0,
        items: [],
        truncated: false,
        channels: [],
        no_reminder_reason: "unverified",
      }),
    ),
    http.post(accountPaths.emailVerificationNotification, () =>
      HttpResponse.json<MessageResponse>({ message: accountMessages.emailVerificationSent }),
    ),
    http.post(accountPaths.mobileVerifyResend, () =>
      HttpResponse.json<MessageResponse>({ message: accountMessages.mobileCodeSent }),
    ),
    http.post(accountPaths.mobileVerify, () =>
      HttpResponse.json<MessageResponse>({ message: accountMessages.mobileVerified }),
    ),
    http.get(accountPaths.emailVerify, () =>
      HttpResponse.json<MessageResponse>({ message: accountMessages.emailVerified }),
    ),
    http.post(accountPaths.passwordResetApi, () =>
      HttpResponse.json<MessageResponse>({ message: accountMessages.resetLinkSent }),
    ),
    http.post(accountPaths.passwordVerifyToken, () =>
      HttpResponse.json<VerifyResetTokenResponse>({ valid: true }),
    ),
    http.post(accountPaths.passwordResetConfirm, () =>
      HttpResponse.json<AuthResponse>({ ...authResponseFixture, user }),
    ),
  ];
}
