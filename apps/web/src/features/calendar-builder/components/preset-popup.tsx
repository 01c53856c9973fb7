import type { ScopedVaccine, Warning } from "@vaxcal/contracts";
import type { ReactNode } from "react";
import { fillPlaceholders, type PopupParameters } from "../lib/protocol-warnings.ts";
import { LocalDialog } from "../../../components/ui/dialog.tsx";
import { VaccineAdvice, VaccineFacts } from "./vaccine-facts.tsx";

export type PresetPopupProps = {
  /** The preset from the `warnings` list; null when none has the slug (a fallback shows). */
  preset: Warning | null;
  parameters: PopupParameters;
  /**
   * When the popup is about a vaccine: its SPC link and advice show as well (docs/product.md §2).
   */
  vaccine?: ScopedVaccine | null;
  /** Title and text to show when no preset has the slug, with an optional details line. */
  fallback: { title: string; body: string; details?: string };
  /**
   * Which button is the main one: the safe choice. A rule popup's safe choice is its cancel
   * ('Change the date'), so the farmer who just presses Enter does not keep a risky date.
   */
  primary?: "confirm" | "cancel";
  onConfirm: () => void;
  onCancel: () => void;
  /** Escape, the overlay or the close button: no decision either way. */
  onDismiss: () => void;
  /** What the message is about, shown under its text (the past shots, by date and vaccine). */
  children?: ReactNode;
};

/**
 * docs/product.md §2 'Generic popup': a preset message found by slug, its title and body filled
 * with the placeholders, its confirm and cancel buttons when it has them, and its severity
 * (docs/product.md §4: alert or attention).
 */
export function PresetPopup({
  preset,
  parameters,
  vaccine,
  fallback,
  onConfirm,
  onCancel,
  onDismiss,
  children,
  primary = "confirm",
}: PresetPopupProps) {
  const title = preset ? fillPlaceholders(preset.title, parameters) : fallback.title;
  const { body, details } = preset
    ? splitSource(fillPlaceholders(preset.body, parameters))
    : { body: fallback.body, details: fallback.details ?? null };
  const severity = preset?.severity ?? "attention";
  const confirmLabel = preset ? preset.button_confirm : "OK";
  const cancelLabel = preset ? preset.button_cancel : null;

  return (
    <LocalDialog title={title} onClose={onDismiss}>
      <div className={`popup popup--${severity}`}>
        <p className="popup__severity">{severity === "alert" ? "Warning" : "Please note"}</p>
        <p className="popup__body">{body}</p>
        {details && <p className="warning-details">{details}</p>}
        {children}
        {vaccine && (
          <>
            <VaccineFacts vaccine={vaccine} />
            <VaccineAdvice vaccine={vaccine} />
          </>
        )}
        <div className="button-row">
          {primary === "cancel" && cancelLabel && (
            // The safe choice comes first, for the eye and for the keyboard.
            <button type="button" className="button button--primary" onClick={onCancel}>
              {cancelLabel}
            </button>
          )}
          {confirmLabel && (
            <button
              type="button"
              className={`button ${primary === "cancel" && cancelLabel ? "button--secondary" : "button--primary"}`}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          )}
          {primary === "confirm" && cancelLabel && (
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {cancelLabel}
            </button>
          )}
          {!confirmLabel && !cancelLabel && (
            <button type="button" className="button button--primary" onClick={onDismiss}>
              OK
            </button>
          )}
        </div>
      </div>
    </LocalDialog>
  );
}

/** A preset's closing 'Source: …' sentence goes to the details line under its text. */
function splitSource(text: string): { body: string; details: string | null } {
  const index = text.indexOf(" Source: ");
  if (index === -1) return { body: text, details: null };
  return { body: text.slice(0, index), details: text.slice(index + 1) };
}
