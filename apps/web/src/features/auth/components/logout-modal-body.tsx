import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "../../../config/paths.ts";
import { logOut } from "../../../lib/auth.ts";
import { closeModal } from "../../../stores/modals.ts";

export function LogoutModalBody() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  function confirmLogout() {
    logOut();
    // Spec §4: logout wipes calendar data, in memory as well as in storage.
    queryClient.clear();
    closeModal();
    void navigate(paths.loggedOut.getHref());
  }

  return (
    <div className="stack">
      <p className="lead">Are you sure you want to logout?</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={confirmLogout}>
          Logout
        </button>
        <button type="button" className="button button--secondary" onClick={closeModal}>
          Cancel
        </button>
      </div>
    </div>
  );
}
