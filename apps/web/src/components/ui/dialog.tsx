import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type ReactNode,
} from "react";
import { modalCloseAnimationMs } from "../../stores/modals.ts";
import "./dialog.css";

// The stylesheet's animations last exactly as long as the store waits before removing the modal.
const animationStyle = { "--modal-animation-ms": `${modalCloseAnimationMs}ms` } as CSSProperties;

type DialogProps = {
  title: string;
  /** Shown beside the title but not part of the dialog's name, e.g. a step counter '(1/3)'. */
  titleAddon?: ReactNode;
  /** True while the closing animation plays. */
  isClosing: boolean;
  onClose: () => void;
  children: ReactNode;
};

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/**
 * An accessible modal dialog: labelled by its title, focus moves in on open and stays inside
 * (Tab wraps), Escape and the overlay close it. The page behind is made inert by the layout;
 * focus goes back to the opener once the modal store has closed it.
 */
export function Dialog({ title, titleAddon, isClosing, onClose, children }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const [firstFocusable] = listFocusable(dialog);
    (firstFocusable ?? dialog).focus();
  }, []);

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      const dialog = dialogRef.current;
      // A control inside (a dropdown) that used the key for itself has the first say.
      if (!dialog || event.defaultPrevented) return;
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key === "Tab") keepFocusInside(dialog, event);
    }
    document.addEventListener("keydown", handleKeyDown);
    return () => document.removeEventListener("keydown", handleKeyDown);
  }, [onClose]);

  return (
    <div
      className="dialog-overlay"
      style={animationStyle}
      data-state={isClosing ? "closing" : "open"}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {titleAddon}
          <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </div>
  );
}

/**
 * A dialog a screen opens from its own state rather than through the modal store, so it hands
 * focus back itself: to what opened it, or to the page when that is gone. Focus moves back in a
 * layout effect, before a dialog that replaces this one (delete after the shot panel) notes where
 * it came from.
 */
export function LocalDialog({
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

function listFocusable(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector));
}

function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent): void {
  const focusable = listFocusable(dialog);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const isOutside = !dialog.contains(active);
  if (event.shiftKey && (active === first || active === dialog || isOutside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || isOutside)) {
    event.preventDefault();
    first.focus();
  }
}
