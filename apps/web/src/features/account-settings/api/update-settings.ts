import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  UserProfileSchema,
  accountPaths,
  type UpdateSettingsRequest,
  type UserProfile,
} from "@vaxcal/contracts";
import { ApiError, sendJson } from "../../../lib/api-client.ts";
import { setCurrentUser, useAuthStore } from "../../../lib/auth.ts";
import { currentUserQueryOptions } from "../../../lib/current-user.ts";

/** PUT /api/user/settings (spec §7): answers the saved profile. */
export function updateSettings(request: UpdateSettingsRequest): Promise<UserProfile> {
  return sendJson(accountPaths.settings, UserProfileSchema, request, { method: "PUT" });
}

export const settingsMessages = {
  saved: "Settings saved successfully!",
  notSaved: "Your settings were not saved.",
  tryAgain: "Please check your signal and try again.",
  loadFailed: "We could not load your account settings.",
} as const;

export type SettingsFailure = {
  messages: string[];
  fields: { field: string; message: string }[];
};

/** PRODUCT.md decision 4: a failed save says so, with the server's reasons when it gave any. */
export function describeSettingsFailure(error: unknown): SettingsFailure {
  if (error instanceof ApiError && error.issues.length > 0) {
    const fields = error.issues.map((issue) => ({
      field: issue.path.replace(/^body\./, ""),
      message: issue.message,
    }));
    return { messages: [...new Set(fields.map(({ message }) => message))], fields };
  }
  if (error instanceof ApiError && error.code !== null) {
    return { messages: [error.message], fields: [] };
  }
  return { messages: [settingsMessages.tryAgain], fields: [] };
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (user) => {
      setCurrentUser(user);
      const token = useAuthStore.getState().token;
      queryClient.setQueryData(currentUserQueryOptions(token).queryKey, user);
    },
  });
}
