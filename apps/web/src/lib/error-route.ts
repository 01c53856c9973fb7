import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * The error route of docs/product.md §2 takes a message and shows no path of its own: the message
 * travels in the router state of the current URL, and the layout shows the error page instead of
 * the route's screen. Going back, or 'Try again', returns to the screen.
 */
type ErrorRouteState = { errorRouteMessage: string; isNotFound?: boolean };

export function readErrorRouteMessage(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("errorRouteMessage" in state)) return null;
  const { errorRouteMessage } = state as ErrorRouteState;
  return typeof errorRouteMessage === "string" ? errorRouteMessage : null;
}

/**
 * True when what the screen asked for is not there (a missing calendar, or someone else's): the
 * error page then says so, instead of blaming the signal.
 */
export function readIsNotFound(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    "isNotFound" in state &&
    (state as ErrorRouteState).isNotFound === true
  );
}

export function useNavigateToError(): (
  message: string,
  options?: { isNotFound?: boolean },
) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (message: string, options?: { isNotFound?: boolean }) => {
      const state: ErrorRouteState = {
        errorRouteMessage: message,
        isNotFound: options?.isNotFound === true,
      };
      void navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { state },
      );
    },
    [navigate, location.pathname, location.search, location.hash],
  );
}
