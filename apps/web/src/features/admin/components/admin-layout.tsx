import { RoleName } from "@vaxcal/contracts";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { useCurrentUser } from "../../../lib/current-user.ts";
import { hasRole } from "../../../stores/auth.ts";
import { adminTexts } from "../admin-texts.ts";
import "./admin.css";

/**
 * The admin area's frame (docs/product.md §2): a sidebar with products, protocols, the audit trail
 * and the way back to the public site, beside the screen. Only an ADMIN sees the screen; the
 * server checks the role again on every call (D2), so this is a courtesy, not the guard.
 */
export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  const currentUser = useCurrentUser();
  let content: ReactNode;
  if (currentUser.isPending) {
    content = <LoadingState label="Loading…" />;
  } else if (currentUser.isError) {
    content = (
      <ErrorState
        message={adminTexts.profileLoadFailed}
        onRetry={() => void currentUser.refetch()}
      />
    );
  } else if (!hasRole(currentUser.data, RoleName.admin)) {
    content = (
      <section>
        <h1>{title}</h1>
        <ErrorState message={adminTexts.notAdmin} />
      </section>
    );
  } else {
    content = children;
  }
  return (
    <div className="admin-area container">
      <title>{`${title} · VaxCal admin`}</title>
      <nav className="admin-sidebar" aria-label="Admin">
        <ul>
          <li>
            <NavLink to={paths.adminProduct.getHref()}>Products</NavLink>
          </li>
          <li>
            <NavLink to={paths.adminProtocol.getHref()}>Protocols</NavLink>
          </li>
          <li>
            <NavLink to={paths.adminAudit.getHref()}>Audit</NavLink>
          </li>
          <li>
            <NavLink to={paths.home.getHref()}>Back to the site</NavLink>
          </li>
        </ul>
      </nav>
      <div className="admin-main">{content}</div>
    </div>
  );
}
