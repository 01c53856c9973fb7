/** The admin `run-server.ts` creates with `npm run admin:create` before the server starts. */
export const e2eAdmin = {
  email: "e2e-admin@example.ie",
  password: "silage-clamp-harrow-7",
} as const;
