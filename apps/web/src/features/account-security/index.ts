/*
 * The account security links' public entry (undoing a contact change). Other features import
 * only what is exported here.
 */
export { accountSecurityQueryKeys } from "./query-keys.ts";
