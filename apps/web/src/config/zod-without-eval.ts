import { z } from "zod";

/*
 * The Content-Security-Policy allows no eval (apps/server/src/http/security.ts). Zod otherwise
 * tries `new Function` once, to see whether it may compile faster parsers, and the browser
 * reports that try as a policy violation (Lighthouse's best practices count it). main.tsx imports
 * this first, before any schema parses.
 */
z.config({ jitless: true });
