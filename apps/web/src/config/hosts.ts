import { env } from "./env.ts";
import { PrelaunchFeatures } from "./env-schema.ts";

/**
 * The one place that decides what a host may show before launch (docs/product.md §2, §9 and
 * D13). Everything gated on "non-production host" asks this module.
 */
const prelaunchHostMarkers = ["beta", "local", "test", "staging"] as const;
// The step 1 route predates staging, so staging is deliberately not among its markers
// (docs/product.md §9).
const betaRouteHostMarkers = ["beta", "test", "local"] as const;

export type HostGates = {
  /** Pre-launch nav items, Login, Vet register and the vet pickers. */
  showsPrelaunchItems: boolean;
  /** The step 1 form at /beta. */
  canReachBetaRoute: boolean;
};

/** 127.0.0.1 (any 127.x address) and ::1 are this machine, as "localhost" is (docs/product.md §9). */
function isLoopbackAddress(host: string): boolean {
  return /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]" || host === "::1";
}

function hasMarker(hostname: string, markers: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  if (isLoopbackAddress(host)) return markers.includes("local");
  return markers.some((marker) => host.includes(marker));
}

export function readHostGates(hostname: string, mode: PrelaunchFeatures): HostGates {
  if (mode === PrelaunchFeatures.on) return { showsPrelaunchItems: true, canReachBetaRoute: true };
  if (mode === PrelaunchFeatures.off)
    return { showsPrelaunchItems: false, canReachBetaRoute: false };
  return {
    showsPrelaunchItems: hasMarker(hostname, prelaunchHostMarkers),
    canReachBetaRoute: hasMarker(hostname, betaRouteHostMarkers),
  };
}

/**
 * The gates of the host this page was loaded from; the host cannot change without a reload. The
 * build's pre-render of the landing page has no window: it renders what a public host shows
 * (docs/decisions/012-pre-rendered-landing-page.md).
 */
export const hostGates: HostGates = readHostGates(
  typeof window === "undefined" ? "" : window.location.hostname,
  env.VITE_PRELAUNCH_FEATURES,
);
