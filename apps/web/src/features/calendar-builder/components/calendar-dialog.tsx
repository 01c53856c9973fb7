import { useLayoutEffect, type ReactNode } from "react";
import { Dialog } from "../../../components/ui/dialog.tsx";

/**
 * A step 2 popup: the app's accessible dialog (focus trapped, Escape and the overlay close it),
 * which also hands focus back to what opened it. Focus moves back in a layout effect, before a
 * popup that replaces this one (delete after the shot panel) notes where it came from.
 */
export function CalendarDialog({
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
