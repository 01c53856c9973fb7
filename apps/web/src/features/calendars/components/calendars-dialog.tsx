import { useLayoutEffect, type ReactNode } from "react";
import { Dialog } from "../../../components/ui/dialog.tsx";

/**
 * A question about one calendar (delete it? new links?): the app's accessible dialog, which hands
 * focus back to the button that opened it, or to the page when that button is gone.
 */
export function CalendarsDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
      else document.getElementById("main")?.focus();
    };
  }, []);

  return (
    <Dialog title={title} isClosing={false} onClose={onClose}>
      {children}
    </Dialog>
  );
}
