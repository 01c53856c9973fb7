import type { UseMutateFunction } from "@tanstack/react-query";
import { useRef, useState } from "react";
import {
  get,
  set,
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
} from "react-hook-form";
import { describeFormFailure } from "../../../lib/api-errors.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";

/** Messages by dotted field path (`name`, `rules.max_shots`, `rules.blackout_birth_days.to`). */
export type FieldMessages = Record<string, string>;

/**
 * A resolver from a form's one conversion to its API input, which checks the values with the
 * contracts' zod schema (the server's own): the messages go beside the fields by their path.
 */
export function resolveWith<Values extends FieldValues, Parsed>(
  check: (
    values: Values,
  ) => { input: Parsed; messages?: null } | { input?: null; messages: FieldMessages },
): Resolver<Values, unknown, Parsed> {
  return (values) => {
    const checked = check(values);
    if (!checked.messages) return { values: checked.input as Parsed, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const [path, message] of Object.entries(checked.messages)) {
      set(errors, path, { type: "validate", message });
    }
    return { values: {}, errors };
  };
}

/** Every message in a form's errors, once each, in the order of the fields. */
function listMessages(errors: object): string[] {
  const messages: string[] = [];
  const walk = (node: unknown) => {
    if (node === null || typeof node !== "object") return;
    const { message } = node as { message?: unknown };
    if (typeof message === "string") {
      messages.push(message);
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== "ref") walk(child);
  };
  walk(errors);
  return [...new Set(messages)];
}

/**
 * An admin form (react-hook-form): checked when it is sent, and a message stays until the next
 * try, the server's as the form's own. Messages go beside their fields and, listed together, in
 * the alert box, which takes the focus. `send` is every admin save: on success the messages go
 * and a notification says so; on failure the server's messages are shown like the form's.
 */
export function useAdminForm<Values extends FieldValues, Parsed = Values>({
  toField = (path) => path,
  ...options
}: UseFormProps<Values, unknown, Parsed> & {
  /** Which field a server path names (`link.vaccine_id` → `vaccine_id`); the path by default. */
  toField?: (path: string) => string;
}) {
  const form = useForm<Values, unknown, Parsed>({
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: false,
    ...options,
  });
  const [alerts, setAlerts] = useState<string[]>([]);
  const alertRef = useRef<HTMLDivElement>(null);

  const showAlerts = (messages: string[]) => {
    setAlerts(messages);
    requestAnimationFrame(() => alertRef.current?.focus());
  };
  const clearMessages = () => {
    form.clearErrors();
    setAlerts([]);
  };
  const showFailure = (error: unknown, fallback: string) => {
    const failure = describeFormFailure(error, { fallback });
    form.clearErrors();
    const shown = new Set<string>();
    for (const issue of failure.fields) {
      const field = toField(issue.field);
      if (shown.has(field)) continue;
      shown.add(field);
      form.setError(field as Path<Values>, { type: "server", message: issue.message });
    }
    showAlerts(failure.messages);
  };
  /** For `handleSubmit`'s second argument: the form's own check refused the values. */
  const showInvalid = (errors: FieldErrors<Values>) => showAlerts(listMessages(errors));
  /** The message beside the field at `path`, the form's or the server's. */
  const messageOf = (path: string): string | undefined => {
    const error: unknown = get(form.formState.errors, path);
    return typeof error === "object" && error !== null && "message" in error
      ? String(error.message)
      : undefined;
  };
  const send = <Result, Variables>(
    mutate: UseMutateFunction<Result, Error, Variables>,
    variables: Variables,
    {
      success,
      fallback,
      onSuccess,
      onError,
    }: {
      success?: string;
      fallback: string;
      onSuccess?: (result: Result) => void;
      onError?: () => void;
    },
  ) => {
    mutate(variables, {
      onSuccess: (result) => {
        clearMessages();
        if (success !== undefined) showNotification(NotificationType.success, success);
        onSuccess?.(result);
      },
      onError: (error) => {
        onError?.();
        showFailure(error, fallback);
      },
    });
  };

  return { form, alerts, alertRef, messageOf, showInvalid, clearMessages, showFailure, send };
}
