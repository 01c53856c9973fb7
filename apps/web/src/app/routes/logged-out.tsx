import { accountMessages } from "@vaxcal/contracts";
import { Link } from "react-router";
import { env } from "../../config/env.ts";
import { paths } from "../../config/paths.ts";

export function LoggedOutPage() {
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
