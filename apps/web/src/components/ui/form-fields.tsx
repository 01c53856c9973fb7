import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import "./form-fields.css";

/*
 * Labelled form controls with their error under them, for every form of the app. Each takes the
 * props react-hook-form's `register` returns (name, ref, onChange, onBlur) as they are. An error
 * is tied to its control with aria-describedby and marks it aria-invalid, so a screen reader
 * reads the message when the field gets focus.
 */

type FieldFrameProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  isOptional?: boolean;
  /**
   * Shown under the control and read with it: e.g. a chosen date in words ("Tue 4 March 2027"),
   * so that 04/03/2027 cannot be misread (docs/product.md D20).
   */
  echo?: ReactNode;
};

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined === "" ? undefined : joined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      <span aria-hidden="true">! </span>
      {message}
    </p>
  );
}

type TextFieldProps = FieldFrameProps &
  InputHTMLAttributes<HTMLInputElement> & {
    ref?: Ref<HTMLInputElement>;
  };

type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** The label, hint and error around one control; the control gets the ids that tie them. */
function FieldFrame({
  label,
  error,
  hint,
  isOptional,
  echo,
  className,
  renderControl,
}: FieldFrameProps & {
  className?: string;
  renderControl: (controlProps: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const echoId = `${id}-echo`;
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {isOptional && <span className="field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {renderControl({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(
          hint !== undefined && hintId,
          Boolean(echo) && echoId,
          error && errorId,
        ),
      })}
      {echo ? (
        <p id={echoId} className="field__echo">
          {echo}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's frame props (label, hint, error…) apart from the props of its control. */
function splitFrameProps<Props extends FieldFrameProps & { className?: string }>({
  label,
  error,
  hint,
  isOptional,
  echo,
  className,
  ...controlProps
}: Props) {
  return { frame: { label, error, hint, isOptional, echo, className }, controlProps };
}

export function TextField(props: TextFieldProps) {
  const { frame, controlProps: inputProps } = splitFrameProps(props);
  return (
    <FieldFrame
      {...frame}
      renderControl={(controlProps) => (
        <input {...controlProps} className="field__control" {...inputProps} />
      )}
    />
  );
}

/** A labelled multi-line box with its message beside it, like `TextField`. */
export function TextAreaField(
  props: FieldFrameProps &
    TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> },
) {
  const { frame, controlProps: textareaProps } = splitFrameProps(props);
  return (
    <FieldFrame
      {...frame}
      renderControl={(controlProps) => (
        <textarea {...controlProps} className="field__control" {...textareaProps} />
      )}
    />
  );
}

/** The e-mail box as every form asks for it: the e-mail keyboard, autofill, no spell check. */
export function EmailField(props: Omit<TextFieldProps, "label" | "type">) {
  return (
    <TextField
      label="Email address"
      type="email"
      autoComplete="email"
      spellCheck={false}
      {...props}
    />
  );
}

export type SelectOption = { value: string; label: string };

type SelectFieldProps = FieldFrameProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly SelectOption[];
    /** Shown first with an empty value, so nothing is chosen by accident. */
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  };

export function SelectField({ options, placeholder, ...props }: SelectFieldProps) {
  const { frame, controlProps: selectProps } = splitFrameProps(props);
  return (
    <FieldFrame
      {...frame}
      renderControl={(controlProps) => (
        <select
          {...controlProps}
          className="field__control field__control--select"
          {...selectProps}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

export function CheckboxField({ label, error, className, ...inputProps }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`checkbox-field${className ? ` ${className}` : ""}`}>
      <input
        id={id}
        type="checkbox"
        className="checkbox-field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      <label className="checkbox-field__label" htmlFor={id}>
        {label}
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A group of checkboxes or radios with a visible legend and one error for the group. */
export function FieldGroup({
  legend,
  error,
  hint,
  children,
}: {
  legend: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className="field-group"
      aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
    >
      <legend className="field-group__legend">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <div className="field-group__options">{children}</div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/**
 * A form's messages from the server, listed together (docs/product.md §8: 'All messages listed in
 * the alert box'). Announced at once; focusable so a form can move focus to it after a failed
 * submit.
 */
export function AlertBox({
  title,
  messages,
  tone = "error",
  ref,
}: {
  title?: string;
  messages: readonly string[];
  tone?: "error" | "success" | "warning";
  ref?: Ref<HTMLDivElement>;
}) {
  if (messages.length === 0) return null;
  return (
    <div
      ref={ref}
      className={`alert-box alert-box--${tone}`}
      role={tone === "success" ? "status" : "alert"}
      tabIndex={-1}
    >
      {title && <p className="alert-box__title">{title}</p>}
      {messages.length === 1 ? (
        <p className="alert-box__message">{messages[0]}</p>
      ) : (
        <ul className="alert-box__list">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
