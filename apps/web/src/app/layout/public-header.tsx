import { useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { LogoMark } from "../../components/ui/logo.tsx";
import { hostGates } from "../../config/hosts.ts";
import { paths } from "../../config/paths.ts";
import { RoleName } from "@vaxcal/contracts";
import { hasRole, useAuthStore } from "../../stores/auth.ts";
import { ModalName, openModal } from "../../stores/modals.ts";

/** docs/product.md §2 'Public header and layout'. */
export function PublicHeader() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const userName = useAuthStore((state) => state.userName);
  const user = useAuthStore((state) => state.user);
  // The menu belongs to the page it was opened on: when the page changes (a link followed, or a
  // modal's action such as Logout that moves on), it is closed on the new one.
  // So is a menu whose items all changed when someone logged in.
  const { pathname } = useLocation();
  const page = `${isAuthenticated ? "in" : "out"}:${pathname}`;
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenedOn === page;
  const menuId = useId();
  const showsPrelaunchNav = isAuthenticated && hostGates.showsPrelaunchItems;

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link className="brand" to={paths.home.getHref()}>
          <LogoMark />
          <span className="brand__name">VaxCal</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpenedOn(isMenuOpen ? null : page)}
        >
          <span className="menu-toggle__icon" aria-hidden="true" />
          Menu
        </button>
        <div
          id={menuId}
          className="site-menu"
          data-open={isMenuOpen}
          onClick={(event) => {
            // A link leaves the page, so the menu closes; a button opens a modal over it, and the
            // menu stays so focus can come back to that button.
            if (event.target instanceof Element && event.target.closest("a")) setMenuOpenedOn(null);
          }}
        >
          {showsPrelaunchNav && (
            <nav aria-label="Main">
              <ul className="site-nav">
                {/* The builder has one way in, 'Create your calendar' below, not two. */}
                <PrelaunchNavItem to={paths.farmWeek.getHref()} label="This week" />
                <PrelaunchNavItem to={paths.myCalendars.getHref()} label="My calendars" />
                {/* docs/product.md §6: the Admin and Vet links show only to those roles. */}
                {hasRole(user, RoleName.admin) && (
                  <PrelaunchNavItem to={paths.admin.getHref()} label="Admin" />
                )}
                {(hasRole(user, RoleName.vetManager) || hasRole(user, RoleName.vet)) && (
                  <PrelaunchNavItem to={paths.vetDashboard.getHref()} label="Vet" />
                )}
              </ul>
            </nav>
          )}
          <div className="site-menu__actions">
            {/*
             * docs/product.md D15: the quick way into the calendar builder, on every host. One
             * name with the landing page's button (decision 430).
             */}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => openModal(ModalName.generateCalendar)}
            >
              Create your calendar
            </button>
            {isAuthenticated ? (
              <>
                <Link className="greeting" to={paths.settings.getHref()}>
                  {userName ? `Hello, ${userName}` : "My account"}
                </Link>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => openModal(ModalName.logout)}
                >
                  Logout
                </button>
              </>
            ) : (
              <>
                {hostGates.showsPrelaunchItems && (
                  <>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => openModal(ModalName.login)}
                    >
                      Login
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => openModal(ModalName.vetRegister)}
                    >
                      Vet register
                    </button>
                  </>
                )}
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => openModal(ModalName.register)}
                >
                  Register
                </button>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

/** Pre-launch items carry a dashed border, so testers can tell them from what is live. */
function PrelaunchNavItem({ to, label }: { to: string; label: string }) {
  return (
    <li>
      <NavLink className="site-nav__link prelaunch-item" to={to}>
        {label}
      </NavLink>
    </li>
  );
}
