/**
 * Every query key of the vet practice screens, from one place: the calls' queries and their
 * invalidations use these. Each is per session token, so another sign-in never sees the last
 * one's practice.
 */
const all = ["vet-practice"] as const;

export const vetPracticesQueryKeys = {
  dashboard: (token: string | null) => [...all, "dashboard", token] as const,
  dosesDue: (token: string | null) => [...all, "doses-due", token] as const,
  dosesDueWeek: (token: string | null, weekStart: string) =>
    [...all, "doses-due", token, weekStart] as const,
  /** Every session's member list: what a member change refreshes. */
  allMembers: () => [...all, "members"] as const,
  members: (token: string | null) => [...all, "members", token] as const,
  digest: (token: string | null) => [...all, "digest", token] as const,
  invite: (token: string) => [...all, "invite", token] as const,
  territoryManagers: () => ["territory-managers"] as const,
};
