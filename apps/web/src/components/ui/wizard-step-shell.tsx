import type { ReactNode } from "react";
import { AlertBox } from "./form-fields.tsx";
import type { WizardSteps, WizardStore } from "./wizard-steps.ts";

/**
 * A registration wizard's step: its title (with 'Step n of N' for a screen reader), the server's
 * messages, the step's fields, Go back and the step's own buttons. Enter on any step but the last
 * is Next; on the last it finishes.
 */
export function WizardStepShell({
  wizard,
  className,
  titleId,
  title,
  onFinish,
  actions,
  children,
}: {
  wizard: WizardSteps;
  className: string;
  titleId: string;
  title: string;
  onFinish: () => void;
  /** The buttons after Go back: Next, or the last step's finish. */
  actions: ReactNode;
  children: ReactNode;
}) {
  const { step, stepCount, headingRef, alertRef, serverMessages, goNext, goBack } = wizard;
  return (
    <form
      className={className}
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        if (step === stepCount) onFinish();
        else void goNext();
      }}
    >
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="register-form__step-title">
        <span className="visually-hidden">{`Step ${step} of ${stepCount}: `}</span>
        {title}
      </h3>
      <AlertBox ref={alertRef} messages={serverMessages} />
      {children}
      <div className="button-row register-form__buttons">
        {step > 1 && (
          <button type="button" className="button button--secondary" onClick={goBack}>
            Go back
          </button>
        )}
        {actions}
      </div>
    </form>
  );
}

/** The '(n/N)' beside the modal's title (docs/product.md §2; D11 for the count). */
export function WizardStepCounter<Values, Step extends number>({
  store,
  stepCount,
}: {
  store: WizardStore<Values, Step>;
  stepCount: number;
}) {
  const step = store.useStore((state) => state.step);
  return <span className="dialog__counter">{`(${step}/${stepCount})`}</span>;
}
