import type { UseMutateFunction } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
} from "react-hook-form";
import { create, type StoreApi, type UseBoundStore } from "zustand";

/*
 * A registration wizard's steps (the farmer's and the vet practice's): where it is and what was
 * typed, kept outside the modal so that closing it by mistake (a tap on the overlay) loses
 * nothing. Memory only: nothing of it is written to storage.
 */

type WizardState<Values, Step extends number> = { step: Step; draft: Values | null };

export type WizardStore<Values, Step extends number> = {
  useStore: UseBoundStore<StoreApi<WizardState<Values, Step>>>;
  goTo: (step: Step) => void;
  keepDraft: (draft: Values) => void;
  /** docs/product.md §4: after a registration the fields reset and the wizard is at step 1. */
  reset: () => void;
};

export function createWizardStore<Values, Step extends number>(
  firstStep: Step,
): WizardStore<Values, Step> {
  const useStore = create<WizardState<Values, Step>>(() => ({ step: firstStep, draft: null }));
  return {
    useStore,
    goTo: (step) => useStore.setState({ step }),
    keepDraft: (draft) => useStore.setState({ draft }),
    reset: () => useStore.setState({ step: firstStep, draft: null }),
  };
}

export type WizardFailure = {
  messages: string[];
  fields: ReadonlyArray<{ field: string; message: string }>;
};

/**
 * One wizard's form and its step navigation: Next checks the step's fields; a new step moves focus
 * to its title; the server's messages take the focus; a failed finish goes back to the earliest
 * step with a refused field; the finish button stays locked a moment after the answer.
 */
export function useWizardSteps<Values extends FieldValues, Parsed, Step extends number>({
  store,
  resolver,
  initialValues,
  emptyValues,
  stepFields,
  stepOf,
  isField,
  lockMs,
}: {
  store: WizardStore<Values, Step>;
  resolver: Resolver<Values, unknown, Parsed>;
  initialValues: Values;
  emptyValues: Values;
  stepFields: Record<Step, readonly Path<Values>[]>;
  /** The earliest step holding one of these fields. */
  stepOf: (fields: readonly string[]) => Step | null;
  /** Whether a server field path names a field of this form. */
  isField: (field: string) => boolean;
  /** docs/product.md §9: how long the finish button stays locked after an answer. */
  lockMs: number;
}) {
  const step = store.useStore((state) => state.step);
  const stepCount = Object.keys(stepFields).length;
  const form = useForm<Values, unknown, Parsed>({
    resolver,
    defaultValues: (store.useStore.getState().draft ?? initialValues) as DefaultValues<Values>,
  });
  const [isLocked, setIsLocked] = useState(false);
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const lockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const previousStep = useRef(step);
  const { getValues } = form;

  // Closing the modal by mistake keeps what was typed, for this visit only.
  useEffect(() => () => store.keepDraft(getValues()), [getValues, store]);
  useEffect(() => () => clearTimeout(lockTimer.current), []);

  // A new step is announced by moving focus to its title; opening the modal leaves focus alone.
  useEffect(() => {
    if (previousStep.current !== step) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  useEffect(() => {
    if (serverMessages.length > 0) alertRef.current?.focus();
  }, [serverMessages]);

  async function goNext() {
    const isValid = await form.trigger([...stepFields[step]], { shouldFocus: true });
    if (!isValid) return;
    setServerMessages([]);
    if (step < stepCount) store.goTo((step + 1) as Step);
  }

  function goBack() {
    if (step > 1) store.goTo((step - 1) as Step);
  }

  /** For `handleSubmit`'s second argument: show the earliest step the check refused. */
  function showInvalidStep(errors: FieldErrors<Values>) {
    const invalidStep = stepOf(Object.keys(errors));
    if (invalidStep !== null && invalidStep !== step) store.goTo(invalidStep);
  }

  /** Sends the registration; on success the wizard starts again, on failure shows why. */
  function finish<Result, Failure extends WizardFailure>(
    mutate: UseMutateFunction<Result, Error, Parsed>,
    payload: Parsed,
    {
      onSuccess,
      describeFailure,
      onFailure,
    }: {
      onSuccess: () => void;
      describeFailure: (error: unknown) => Failure;
      onFailure?: (failure: Failure) => void;
    },
  ) {
    setIsLocked(true);
    setServerMessages([]);
    mutate(payload, {
      onSuccess: () => {
        form.reset(emptyValues);
        store.reset();
        onSuccess();
      },
      onError: (error) => {
        const failure = describeFailure(error);
        for (const { field, message } of failure.fields) {
          if (isField(field)) form.setError(field as Path<Values>, { type: "server", message });
        }
        onFailure?.(failure);
        setServerMessages(failure.messages);
        const invalidStep = stepOf(failure.fields.map(({ field }) => field));
        if (invalidStep !== null) store.goTo(invalidStep);
      },
      onSettled: () => {
        lockTimer.current = setTimeout(() => setIsLocked(false), lockMs);
      },
    });
  }

  return {
    form,
    step,
    stepCount,
    isLocked,
    serverMessages,
    headingRef,
    alertRef,
    goNext,
    goBack,
    showInvalidStep,
    finish,
  };
}

export type WizardSteps = Pick<
  ReturnType<typeof useWizardSteps>,
  "step" | "stepCount" | "serverMessages" | "headingRef" | "alertRef" | "goNext" | "goBack"
>;
