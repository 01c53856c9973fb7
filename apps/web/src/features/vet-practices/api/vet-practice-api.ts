import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AcceptVetInviteResponseSchema,
  DoseDueWeekSchema,
  DosesDueSummarySchema,
  MessageResponseSchema,
  PracticeDigestSettingSchema,
  VetDashboardSchema,
  VetInviteDetailsSchema,
  VetPracticeMembersSchema,
  referenceLists,
  vetPracticePaths,
  type AcceptVetInviteRequest,
  type DosesDueSummary,
} from "@vaxcal/contracts";
import { fetchJson, sendJson } from "../../../lib/api-client.ts";
import { startSessionWithUser } from "../../../lib/current-user.ts";
import { fetchFileWithSession, saveFile } from "../../../lib/file-download.ts";
import { useAuthStore } from "../../../stores/auth.ts";

/* The vet practice calls (decision 501), one query or mutation each. */

const vetQueryKey = ["vet-practice"] as const;

export function useVetDashboard() {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: [...vetQueryKey, "dashboard", token],
    queryFn: ({ signal }) => fetchJson(vetPracticePaths.dashboard, VetDashboardSchema, { signal }),
  });
}

export function useDosesDue() {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: [...vetQueryKey, "doses-due", token],
    queryFn: ({ signal }) =>
      fetchJson(vetPracticePaths.dosesDue, DosesDueSummarySchema, { signal }),
  });
}

/** One week's shots, loaded when the vet opens the week. */
export function useDosesDueWeek(weekStart: string, { isEnabled }: { isEnabled: boolean }) {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: [...vetQueryKey, "doses-due", token, weekStart],
    queryFn: ({ signal }) =>
      fetchJson(vetPracticePaths.dosesDueWeek.replace(":weekStart", weekStart), DoseDueWeekSchema, {
        signal,
      }),
    enabled: isEnabled,
  });
}

export function useVetMembers({ isEnabled }: { isEnabled: boolean }) {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: [...vetQueryKey, "members", token],
    queryFn: ({ signal }) =>
      fetchJson(vetPracticePaths.members, VetPracticeMembersSchema, { signal }),
    enabled: isEnabled,
  });
}

/** Whether the practice gets the weekly digest of doses due (decision 602; manager only). */
export function usePracticeDigest() {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: [...vetQueryKey, "digest", token],
    queryFn: ({ signal }) =>
      fetchJson(vetPracticePaths.digest, PracticeDigestSettingSchema, { signal }),
  });
}

export function useUpdatePracticeDigest() {
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => state.token);
  return useMutation({
    mutationFn: (digestEmails: boolean) =>
      sendJson(
        vetPracticePaths.digest,
        PracticeDigestSettingSchema,
        { digest_emails: digestEmails },
        { method: "PUT" },
      ),
    onSuccess: (answer) => queryClient.setQueryData([...vetQueryKey, "digest", token], answer),
  });
}

/** The territory managers of the registration's select (docs/product.md §7 reference list). */
export const territoryManagersQueryOptions = queryOptions({
  queryKey: ["territory-managers"],
  queryFn: ({ signal }) =>
    fetchJson(referenceLists.territoryManagers.path, referenceLists.territoryManagers.schema, {
      signal,
    }),
  staleTime: Infinity,
});

/** GET /api/vet/doses-due.csv, saved as doses-due-{from}.csv. */
export async function downloadDosesDueCsv(dosesDue: Pick<DosesDueSummary, "from">): Promise<void> {
  const csv = await fetchFileWithSession(vetPracticePaths.dosesDueCsv);
  saveFile(csv, `doses-due-${dosesDue.from}.csv`);
}

/** The members page's changes: each answers a message and refreshes the list. */
export function useMembersChange<Input>(call: (input: Input) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...vetQueryKey, "members"] }),
  });
}

export const inviteVets = (emails: string[]) =>
  sendJson(vetPracticePaths.invites, MessageResponseSchema, { emails });

const withId = (path: string, id: number) => path.replace(":id", String(id));

export const resendInvite = (id: number) =>
  fetchJson(withId(vetPracticePaths.inviteResend, id), MessageResponseSchema, { method: "POST" });

export const cancelInvite = (id: number) =>
  fetchJson(withId(vetPracticePaths.invite, id), MessageResponseSchema, { method: "DELETE" });

export const removeMember = (id: number) =>
  fetchJson(withId(vetPracticePaths.member, id), MessageResponseSchema, { method: "DELETE" });

export function useVetInvite(token: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    enabled: isEnabled,
    queryKey: [...vetQueryKey, "invite", token],
    queryFn: ({ signal }) =>
      sendJson(vetPracticePaths.inviteCheck, VetInviteDetailsSchema, { token }, { signal }),
    retry: false,
  });
}

export function useAcceptVetInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AcceptVetInviteRequest) =>
      sendJson(vetPracticePaths.inviteAccept, AcceptVetInviteResponseSchema, request),
    onSuccess: (answer) => startSessionWithUser(queryClient, answer),
  });
}
