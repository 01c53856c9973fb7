import { accountMessages } from "@vaxcal/contracts";
import { Link } from "react-router";
import { env } from "../../config/env.ts";
import { paths } from "../../config/paths.ts";
import { useAuthStore } from "../../stores/auth.ts";

/**
 * docs/product.md §2 '/logged-out'. Once someone logs in again from here (the header's
 * Login), the page no longer says they have been logged out; it welcomes them back instead.
 */
export function LoggedOutPage() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const userName = useAuthStore((state) => state.userName);

  if (isAuthenticated) {
    return (
      <section className="page-panel">
        <title>Welcome back · VaxCal</title>
        <h1>{userName ? `Welcome back, ${userName}` : "Welcome back"}</h1>
        <p>You are logged in.</p>
        <div className="button-row">
          <Link className="button button--primary" to={paths.myCalendars.getHref()}>
            Go to My calendars
          </Link>
          <Link className="button button--secondary" to={paths.home.getHref()}>
            Back to the home page
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page-panel">
      <title>Logged out · VaxCal</title>
      <h1>{accountMessages.loggedOut}</h1>
      <p>Thank you for using VaxCal to keep your herd and flock protected. See you again soon.</p>
      <Link className="button button--primary" to={paths.home.getHref()}>
        Back to the home page
      </Link>
      <p className="page-panel__small">
        © {new Date().getFullYear()} {env.VITE_COMPANY_NAME}. All rights reserved.
      </p>
    </section>
  );
}
