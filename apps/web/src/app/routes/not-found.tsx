import { Link } from "react-router";
import { paths } from "../../config/paths.ts";

export function NotFoundPage() {
  return (
    <section className="page-panel">
      <title>Page not found · VaxCal</title>
      <p className="page-panel__eyebrow">Page not found</p>
      <h1>The page you are looking for does not exist.</h1>
      <p>The link may be old or mistyped.</p>
      <Link className="button button--primary" to={paths.home.getHref()}>
        Go to the home page
      </Link>
    </section>
  );
}
