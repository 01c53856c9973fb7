import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { NotificationArea } from "../../components/ui/notification-area.tsx";
import { AccountStatus } from "../../features/auth/components/account-status.tsx";
import { readErrorRouteMessage, readIsNotFound } from "../../lib/error-route.ts";
import { useModalStore } from "../../stores/modals.ts";
import { ErrorPage } from "../routes/error-page.tsx";
import { ModalHost } from "../modal-host.tsx";
import { PublicHeader } from "./public-header.tsx";
import { SiteFooter } from "./site-footer.tsx";
import "./layout.css";

/** docs/product.md §2: header, routed content, footer, the modals and the notification area. */
export function RootLayout() {
  const location = useLocation();
  const errorMessage = readErrorRouteMessage(location.state);
  const isModalOpen = useModalStore((state) => state.openModalName !== null);

  return (
    <>
      {/*
       * First on the page and outside it: on a phone a notification takes its own room above the
       * header and never covers a button or a field; wider screens float it at the
       * bottom. Outside the page, it stays reachable while a modal makes the page inert.
       */}
      <NotificationArea />
      {/* While a modal is open the page behind it cannot be reached, by mouse or keyboard. */}
      <div className="page" inert={isModalOpen}>
        <a
          className="skip-link"
          href="#main"
          onClick={(event) => {
            // A hash change would drop the router state that carries an error page.
            event.preventDefault();
            document.getElementById("main")?.focus();
          }}
        >
          Skip to content
        </a>
        <PublicHeader />
        {/* Loads the signed-in user and shows the verification banner (docs/product.md §2). */}
        <AccountStatus />
        <main id="main" className="page__main container" tabIndex={-1}>
          {errorMessage === null ? (
            <Outlet />
          ) : (
            <ErrorPage message={errorMessage} isNotFound={readIsNotFound(location.state)} />
          )}
        </main>
        <SiteFooter />
      </div>
      <ModalHost />
      <ScrollRestoration />
    </>
  );
}
