import { Link } from "react-router";
import { paths } from "../../config/paths.ts";

/**
 * A screen whose work belongs to a later issue: it names itself and says so plainly, rather
 * than show a form that does nothing.
 */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <section className="page-panel">
      <title>{`${title} · VaxCal`}</title>
      <p className="page-panel__eyebrow">Coming soon</p>
      <h1>{title}</h1>
      <p>This page is not ready yet. We are working on it and it will be here soon.</p>
      <Link className="button button--secondary" to={paths.home.getHref()}>
        Back to the home page
      </Link>
    </section>
  );
}
