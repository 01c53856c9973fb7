/** Every query key of sign-in and its links, from one place; other features take them from index.ts. */
export const authQueryKeys = {
  passwordResetToken: (email: string | undefined, token: string | undefined) =>
    ["password-reset-token", email, token] as const,
  emailVerification: (id: string, hash: string) => ["email-verification", id, hash] as const,
};
