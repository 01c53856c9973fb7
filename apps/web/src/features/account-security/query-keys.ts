/** Every query key of the account's security links, from one place. */
export const accountSecurityQueryKeys = {
  undoContactChange: (token: string) => ["undo-contact-change", token] as const,
};
