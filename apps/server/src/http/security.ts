import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

export type SecurityOptions = { isProduction: boolean };

/**
 * The security headers every response carries. The SPA needs no inline script or style: Vite
 * emits files only, and React sets `style` props through the DOM, which CSP does not block.
 */
export function helmetOptions({ isProduction }: SecurityOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind HTTPS: on http://localhost it would send the browser to a port with no TLS.
        upgradeInsecureRequests: isProduction ? [] : null,
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
  };
}

/**
 * The headers helmet sets for these options, worked out once. None of them depends on the
 * request (no CSP nonces), so running helmet's middleware against a recording response gives
 * exactly what it would set on every real one.
 */
export function buildSecurityHeaders(options: SecurityOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(options))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return Object.freeze(headers);
}

/**
 * Sets the request id and the security headers on every response, in one synchronous hook with
 * values computed at start-up. `@fastify/helmet` rebuilt helmet's middleware (parsing and
 * serialising the CSP) on every request: about a fifth of the CPU of a cached reference list
 * (bench/README.md, reference lists; decision 701). A route may still replace a header (the API
 * docs send their own CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  const entries = Object.entries(buildSecurityHeaders(options));
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    for (const [name, value] of entries) reply.header(name, value);
    done();
  });
}
