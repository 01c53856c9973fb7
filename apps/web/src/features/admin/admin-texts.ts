/** The admin screens' own texts; the server's messages come from `adminMessages` (contracts). */
export const adminTexts = {
  notAdmin: "Only an admin can see this page.",
  profileLoadFailed: "We could not check your account. Please try again.",
  noProducts: "No products match these filters.",
  deleteConfirm: "Delete this product? This cannot be undone.",
} as const;
