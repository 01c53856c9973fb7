/*
 * The reference lists' public entry (decision 701): the lists every screen chooses from, cached
 * and revalidated once per page load. Other features import only what is exported here.
 */
export { referenceDataQueryKeys } from "./query-keys.ts";
