import { useNavigate } from "react-router";
import { paths } from "../../../config/paths.ts";
import { closeModal } from "../../../stores/modals.ts";
import { useLogOut } from "../api/log-out.ts";

/**
 * docs/product.md §2 'Logout': asks first; then POST /api/logout, local storage cleared,
 * /logged-out.
 */
export function LogoutModalBody() {
  const navigate = useNavigate();
  const logOut = useLogOut();

  function confirmLogout() {
    logOut.mutate(undefined, {
      onSettled: () => {
        closeModal();
        void navigate(paths.loggedOut.getHref());
      },
    });
  }

  return (
    <div className="stack">
      <p className="lead">Are you sure you want to logout?</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          disabled={logOut.isPending}
          onClick={confirmLogout}
        >
          {logOut.isPending ? "Logging out…" : "Logout"}
        </button>
        <button type="button" className="button button--secondary" onClick={closeModal}>
          Cancel
        </button>
      </div>
    </div>
  );
}
