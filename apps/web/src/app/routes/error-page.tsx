import { useEffect } from "react";
import { Link, useLocation, useNavigate, useRouteError } from "react-router";
import { paths } from "../../config/paths.ts";
import { ChunkLoadError, prepareRetryOfFailedDownloads } from "../lazy-component.tsx";

export const unexpectedErrorMessage = "Something went wrong on our side. Please try again.";

/** What the error page says when the thing asked for is not there: no signal would bring it. */
export const notFoundHint =
  "It may have been deleted, or the link may be wrong. Your own calendars are in My calendars.";

/**
 * The error route of docs/product.md §2: shows the message it was given, with a way back. A
 * missing or foreign item says it was not found, with the way to My calendars.
 */
export function ErrorPage({
  message,
  isNotFound = false,
}: {
  message: string;
  isNotFound?: boolean;
}) {
  const navigate = useNavigate();
  const location = useLocation();

  if (isNotFound) {
    return (
      <section className="page-panel page-panel--error">
        <title>Not found · VaxCal</title>
        <p className="page-panel__eyebrow">Not found</p>
        <h1>{message}</h1>
        <p>{notFoundHint}</p>
        <div className="button-row">
          <Link className="button button--primary" to={paths.myCalendars.getHref()}>
            Go to My calendars
          </Link>
          <Link className="button button--secondary" to={paths.home.getHref()}>
            Go to the home page
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page-panel page-panel--error">
      <title>Something went wrong · VaxCal</title>
      <p className="page-panel__eyebrow">Something went wrong</p>
      <h1>{message}</h1>
      <p>Check your signal and try again. If it keeps happening, please come back later.</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={() =>
            void navigate(
              { pathname: location.pathname, search: location.search },
              { replace: true, state: null },
            )
          }
        >
          Try again
        </button>
        <Link className="button button--secondary" to={paths.home.getHref()}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}

/** Any error thrown while rendering a screen lands here instead of a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  // A screen whose code did not arrive: "Try again" downloads it again.
  useEffect(() => {
    if (error instanceof ChunkLoadError) prepareRetryOfFailedDownloads();
  }, [error]);
  return <ErrorPage message={unexpectedErrorMessage} />;
}
