/** The product list's filters, as the address holds them (the server filters and pages). */
export type ProductFilters = {
  category: string;
  disease: string;
  search: string;
  page: number;
};

/**
 * Every admin query's key, from one root: a save invalidates a branch (the products, the
 * protocols, the audit) by the key its readers use, never by a literal spelled twice.
 */
export const adminQueryKeys = {
  all: ["admin"] as const,
  products: () => [...adminQueryKeys.all, "products"] as const,
  productList: (filters: ProductFilters) =>
    [...adminQueryKeys.products(), "list", filters] as const,
  productNames: () => [...adminQueryKeys.products(), "names"] as const,
  product: (id: number | null) => [...adminQueryKeys.products(), "detail", id] as const,
  enterprises: () => [...adminQueryKeys.all, "enterprises"] as const,
  diseases: () => [...adminQueryKeys.all, "diseases"] as const,
  audit: () => [...adminQueryKeys.all, "audit"] as const,
  auditEntries: (filters: { product: string; page: number }) =>
    [...adminQueryKeys.audit(), filters] as const,
  referenceDifferences: () => [...adminQueryKeys.audit(), "reference-differences"] as const,
  protocols: () => [...adminQueryKeys.all, "protocols"] as const,
  animals: () => [...adminQueryKeys.protocols(), "animals"] as const,
  seasons: () => [...adminQueryKeys.protocols(), "seasons"] as const,
  shotTemplates: (filters: { vaccine: number | null; animal: number | null }) =>
    [...adminQueryKeys.protocols(), "shot-templates", filters] as const,
  diseaseAnimals: (animal: number | null) =>
    [...adminQueryKeys.protocols(), "disease-animals", animal] as const,
  seasonDefaults: (animal: number | null) =>
    [...adminQueryKeys.protocols(), "season-defaults", animal] as const,
  warnings: () => [...adminQueryKeys.protocols(), "warnings"] as const,
};
