import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

export type SecurityOptions = { isProduction: boolean };

/**
 * The security headers every response carries. The SPA needs no inline script or style: Vite
 * emits files only, and React sets `style` props through the DOM, which CSP does not block.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { isProduction }: SecurityOptions,
): Promise<void> {
  await app.register(helmet, {
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
  });
}
