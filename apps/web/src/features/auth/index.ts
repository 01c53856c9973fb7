/*
 * Sign-in's public entry: logging in and out, farmer registration, password reset and e-mail
 * verification. Other features import only what is exported here.
 */
export { authQueryKeys } from "./query-keys.ts";
