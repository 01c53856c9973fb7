import { useSessionBootstrap } from "../hooks/use-session-bootstrap.ts";
import { VerificationBanner } from "./verification-banner.tsx";

/** Mounted once under the header: loads the signed-in user, and warns while no alert can reach them. */
export function AccountStatus() {
  useSessionBootstrap();
  return <VerificationBanner />;
}
