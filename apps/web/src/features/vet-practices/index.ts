/*
 * The vet practices' public entry: registering a practice, its dashboard (linked farms, doses
 * due, members, the weekly digest) and joining one from an invite. Other features import only
 * what is exported here.
 */
export { vetPracticesQueryKeys } from "./query-keys.ts";
