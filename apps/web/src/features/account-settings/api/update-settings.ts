import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  UserProfileSchema,
  accountPaths,
  type UpdateSettingsRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { describeFormFailure, type FormFailure } from "../../../lib/api-errors.ts";
import { cacheCurrentUser } from "../../../lib/current-user.ts";
import { remindersQueryKeys } from "../../reminders/index.ts";

/** PUT /api/user/settings (docs/product.md §7): answers the saved profile. */
export function updateSettings(request: UpdateSettingsRequest): Promise<UserProfile> {
  return sendJson(accountPaths.settings, UserProfileSchema, request, { method: "PUT" });
}

export const settingsMessages = {
  saved: "Settings saved successfully!",
  /** docs/product.md D21: a new e-mail or mobile is used only once it is confirmed. */
  savedPending:
    "Settings saved. Your new email address or mobile number will be used once you confirm it with the link or code we sent to it. Until then we keep your current details.",
  notSaved: "Your settings were not saved.",
  tryAgain: "Please check your signal and try again.",
  loadFailed: "We could not load your account settings.",
} as const;

/** docs/product.md D4: a failed save says so, with the server's reasons when it gave any. */
export function describeSettingsFailure(error: unknown): FormFailure {
  return describeFormFailure(error, { fallback: settingsMessages.tryAgain });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (user) => {
      cacheCurrentUser(queryClient, user);
      // The reminders' on/off state follows the notification choices just saved.
      void queryClient.invalidateQueries({ queryKey: remindersQueryKeys.status() });
      void queryClient.invalidateQueries({ queryKey: remindersQueryKeys.farmWeek() });
    },
  });
}
