import { givenShotLimits, givenShotMessages } from "@vaxcal/contracts";
import { isIsoDate } from "@vaxcal/schedule";
import { useRef, useState } from "react";
import { LocalDialog } from "../../../components/ui/dialog.tsx";
import { AlertBox, TextField } from "../../../components/ui/form-fields.tsx";
import { describeFormFailure } from "../../../lib/api-errors.ts";
import { showNotification } from "../../../stores/notifications.ts";
import {
  describeChosenDate,
  formatDayDate,
  type GivenShotDialogProps,
} from "../../calendar-builder/index.ts";
import { useRecordGivenShot } from "../api/record-given-shot.ts";

type Fields = { givenOn: string; batch: string; givenBy: string; note: string };

/**
 * 'Mark as given' (docs/product.md D19): the date given (the planned date, or today for a shot
 * planned later), the batch number, who gave it and a note. The server checks the dates; its
 * messages show beside the fields.
 */
export function GivenShotDialog({
  calendarId,
  shotId,
  shotName,
  diseaseName,
  plannedOn,
  today,
  record,
  onClose,
}: GivenShotDialogProps) {
  const [fields, setFields] = useState<Fields>({
    givenOn: record?.givenOn ?? (plannedOn > today ? today : plannedOn),
    batch: record?.batch ?? "",
    givenBy: record?.givenBy ?? "",
    note: record?.note ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const alertRef = useRef<HTMLDivElement>(null);
  const recordGiven = useRecordGivenShot(calendarId);

  function update(name: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  function submit() {
    const found: Partial<Record<keyof Fields, string>> = {};
    if (!isIsoDate(fields.givenOn)) found.givenOn = "Please enter the date the shot was given.";
    else if (fields.givenOn > today) found.givenOn = givenShotMessages.givenOnInFuture;
    if (fields.batch.trim() === "") found.batch = givenShotMessages.batchRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setMessages([]);
    recordGiven.mutate(
      {
        shotId,
        isNew: record === null,
        record: {
          givenOn: fields.givenOn,
          batch: fields.batch,
          givenBy: fields.givenBy,
          note: fields.note,
        },
      },
      {
        onSuccess: () => {
          showNotification("success", givenShotMessages.recorded);
          onClose();
        },
        onError: (error) => {
          const failure = describeFormFailure(error, { fallback: givenShotMessages.saveFailed });
          const byField: Partial<Record<keyof Fields, string>> = {};
          for (const issue of failure.fields) {
            if (issue.field in fields) byField[issue.field as keyof Fields] = issue.message;
          }
          setErrors(byField);
          setMessages(failure.messages);
          requestAnimationFrame(() => alertRef.current?.focus());
        },
      },
    );
  }

  return (
    <LocalDialog title={record ? "Change the record" : "Mark as given"} onClose={onClose}>
      <form
        className="given-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="given-dialog__shot">
          <strong>{shotName}</strong> for {diseaseName}, planned for {formatDayDate(plannedOn)}
        </p>
        <AlertBox ref={alertRef} messages={messages} />
        <TextField
          label="Date given"
          type="date"
          required
          max={today}
          value={fields.givenOn}
          error={errors.givenOn}
          // Repeated in words under the input, as every chosen date is (docs/product.md D20).
          echo={describeChosenDate(fields.givenOn)}
          onChange={(event) => update("givenOn", event.target.value)}
        />
        <TextField
          label="Batch number"
          required
          autoComplete="off"
          maxLength={givenShotLimits.batch}
          hint="As printed on the vaccine pack."
          value={fields.batch}
          error={errors.batch}
          onChange={(event) => update("batch", event.target.value)}
        />
        <TextField
          label="Given by"
          isOptional
          autoComplete="name"
          maxLength={givenShotLimits.givenBy}
          value={fields.givenBy}
          error={errors.givenBy}
          onChange={(event) => update("givenBy", event.target.value)}
        />
        <TextField
          label="Note"
          isOptional
          maxLength={givenShotLimits.note}
          value={fields.note}
          error={errors.note}
          onChange={(event) => update("note", event.target.value)}
        />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={recordGiven.isPending}>
            {recordGiven.isPending ? "Saving…" : "Save"}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </LocalDialog>
  );
}
