import { Link } from "react-router";
import { hostGates } from "../../../config/hosts.ts";
import { paths } from "../../../config/paths.ts";
import { ModalName, openModal } from "../../../stores/modals.ts";

/**
 * Starts a new calendar: step 1 at /beta where the host offers it (docs/product.md §2), otherwise
 * the header's quick-start modal (docs/product.md D15), so the button works on every host.
 */
export function CreateCalendarLink({
  label,
  variant = "primary",
}: {
  label: string;
  variant?: "primary" | "secondary";
}) {
  const className = `button button--${variant}`;
  if (hostGates.canReachBetaRoute) {
    return (
      <Link className={className} to={paths.calendarSetup.getHref()}>
        {label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      onClick={() => openModal(ModalName.generateCalendar)}
    >
      {label}
    </button>
  );
}
