/** The reference lists' query key, from one place; other features take it from index.ts. */
export const referenceDataQueryKeys = {
  all: () => ["reference-data"] as const,
};
