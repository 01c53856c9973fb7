import {
  protocolMessages,
  type AdminDiseaseAnimal,
  type AdminSeasonDefault,
  type AdminWarning,
  type ProtocolPreviewResponse,
} from "@vaxcal/contracts";
import { useId, useState } from "react";
import {
  AlertBox,
  FieldError,
  SelectField,
  TextField,
} from "../../../components/ui/form-fields.tsx";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { describeApiError, describeFormFailure } from "../../../lib/api-errors.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import {
  useDiseaseAnimals,
  usePreviewProtocolChange,
  useSaveDiseaseAnimal,
  useSaveSeasonDefault,
  useSaveWarning,
  useSeasonDefaults,
  useWarnings,
} from "../api/protocols-api.ts";
import { TextAreaField } from "./product-form-page.tsx";
import { ProtocolPreview } from "./protocol-preview.tsx";

type Messages = Record<string, string>;

/** The field messages of a failed save, by field (`body.vaccine_id` → `vaccine_id`). */
function readFailure(error: unknown, fallback: string): { fields: Messages; messages: string[] } {
  const failure = describeFormFailure(error, { fallback });
  const fields: Messages = {};
  for (const issue of failure.fields) fields[issue.field] ??= issue.message;
  return { fields, messages: failure.messages };
}

/** The diseases offered for the animal: each one's default product and herd status question. */
export function DiseaseLinks({
  animalId,
  products,
}: {
  animalId: number;
  products: Array<{ id: number; name: string }>;
}) {
  const links = useDiseaseAnimals(animalId);
  if (links.isPending) return <LoadingState label="Loading the disease links…" />;
  if (links.isError) {
    return (
      <ErrorState
        message={describeApiError(links.error, protocolMessages.loadFailed)}
        onRetry={() => void links.refetch()}
      />
    );
  }
  if (links.data.length === 0) return <p role="status">No disease is offered for this animal.</p>;
  return (
    <div className="admin-table__scroll">
      <table className="admin-table">
        <caption className="visually-hidden">Diseases offered for the animal</caption>
        <thead>
          <tr>
            <th scope="col">Disease</th>
            <th scope="col">Default product</th>
            <th scope="col">Herd status question (empty: not asked)</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.data.map((link) => (
            <DiseaseLinkRow
              key={`${link.disease_id}-${link.vaccine_id}-${link.herd_status_question ?? ""}`}
              link={link}
              products={products}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DiseaseLinkRow({
  link,
  products,
}: {
  link: AdminDiseaseAnimal;
  products: Array<{ id: number; name: string }>;
}) {
  const id = useId();
  const [vaccineId, setVaccineId] = useState(String(link.vaccine_id));
  const [question, setQuestion] = useState(link.herd_status_question ?? "");
  const [messages, setMessages] = useState<Messages>({});
  const [alerts, setAlerts] = useState<string[]>([]);
  const save = useSaveDiseaseAnimal();
  const submit = () =>
    save.mutate(
      {
        diseaseId: link.disease_id,
        animalId: link.animal_id,
        input: { vaccine_id: Number(vaccineId), herd_status_question: question },
      },
      {
        onSuccess: () => showNotification(NotificationType.success, protocolMessages.linkSaved),
        onError: (error) => {
          const failure = readFailure(error, protocolMessages.saveFailed);
          setMessages(failure.fields);
          setAlerts(failure.messages);
        },
      },
    );
  return (
    <tr>
      <th scope="row">{link.disease_name}</th>
      <td>
        <select
          className="field__control field__control--select"
          aria-label={`Default product for ${link.disease_name}`}
          aria-invalid={messages.vaccine_id ? true : undefined}
          aria-describedby={messages.vaccine_id ? `${id}-vaccine` : undefined}
          value={vaccineId}
          onChange={(event) => setVaccineId(event.target.value)}
        >
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-vaccine`} message={messages.vaccine_id} />
      </td>
      <td>
        <textarea
          className="field__control protocols__question"
          rows={2}
          aria-label={`Herd status question for ${link.disease_name}`}
          aria-invalid={messages.herd_status_question ? true : undefined}
          aria-describedby={messages.herd_status_question ? `${id}-question` : undefined}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <FieldError id={`${id}-question`} message={messages.herd_status_question} />
        {alerts.length > 0 && Object.keys(messages).length === 0 && <AlertBox messages={alerts} />}
      </td>
      <td>
        <button
          type="button"
          className="button button--quiet"
          disabled={save.isPending}
          onClick={submit}
          aria-label={`Save the ${link.disease_name} link`}
        >
          Save
        </button>
      </td>
    </tr>
  );
}

/** Each season's default birth and breeding dates for the animal, per enterprise. */
export function SeasonDefaults({ animalId }: { animalId: number }) {
  const seasons = useSeasonDefaults(animalId);
  const [preview, setPreview] = useState<ProtocolPreviewResponse | null>(null);
  if (seasons.isPending) return <LoadingState label="Loading the season dates…" />;
  if (seasons.isError) {
    return (
      <ErrorState
        message={describeApiError(seasons.error, protocolMessages.loadFailed)}
        onRetry={() => void seasons.refetch()}
      />
    );
  }
  return (
    <>
      <p>
        Dates are year offset, month and day: 0.03.01 is 1 March of the year the calendar is made,
        -1.10.05 is 5 October of the year before.
      </p>
      <div className="admin-table__scroll">
        <table className="admin-table">
          <caption className="visually-hidden">Season default dates</caption>
          <thead>
            <tr>
              <th scope="col">Enterprise and season</th>
              <th scope="col">Birth date</th>
              <th scope="col">Breeding date</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {seasons.data.map((season) => (
              <SeasonDefaultRow
                key={`${season.id}-${season.birth_date}-${season.breeding_date}`}
                season={season}
                onPreview={setPreview}
              />
            ))}
          </tbody>
        </table>
      </div>
      {preview && <ProtocolPreview preview={preview} />}
    </>
  );
}

function SeasonDefaultRow({
  season,
  onPreview,
}: {
  season: AdminSeasonDefault;
  onPreview: (preview: ProtocolPreviewResponse | null) => void;
}) {
  const id = useId();
  const [birthDate, setBirthDate] = useState(season.birth_date ?? "");
  const [breedingDate, setBreedingDate] = useState(season.breeding_date ?? "");
  const [messages, setMessages] = useState<Messages>({});
  const [alerts, setAlerts] = useState<string[]>([]);
  const save = useSaveSeasonDefault();
  const previewChange = usePreviewProtocolChange();
  const name = `${season.enterprise_name}, ${season.season_name}`;
  const input = { birth_date: birthDate, breeding_date: breedingDate };
  const fail = (error: unknown, fallback: string) => {
    const failure = readFailure(error, fallback);
    setMessages(
      Object.fromEntries(
        Object.entries(failure.fields).map(([field, message]) => [
          field.replace(/^season_default\./, ""),
          message,
        ]),
      ),
    );
    setAlerts(failure.messages);
  };
  const dateInput = (
    field: "birth_date" | "breeding_date",
    label: string,
    value: string,
    setValue: (value: string) => void,
  ) => (
    <td>
      <input
        className="field__control"
        aria-label={`${label} for ${name}`}
        aria-invalid={messages[field] ? true : undefined}
        aria-describedby={messages[field] ? `${id}-${field}` : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          onPreview(null);
        }}
      />
      <FieldError id={`${id}-${field}`} message={messages[field]} />
    </td>
  );
  return (
    <tr>
      <th scope="row">
        {name}
        {alerts.length > 0 && Object.keys(messages).length === 0 && <AlertBox messages={alerts} />}
      </th>
      {dateInput("birth_date", "Birth date", birthDate, setBirthDate)}
      {dateInput("breeding_date", "Breeding date", breedingDate, setBreedingDate)}
      <td>
        <div className="protocols__row-actions">
          <button
            type="button"
            className="button button--quiet"
            disabled={previewChange.isPending}
            aria-label={`Preview the dates for ${name}`}
            onClick={() => {
              setMessages({});
              setAlerts([]);
              previewChange.mutate(
                { kind: "season_default", season_default_id: season.id, season_default: input },
                {
                  onSuccess: onPreview,
                  onError: (error) => fail(error, protocolMessages.previewFailed),
                },
              );
            }}
          >
            Preview
          </button>
          <button
            type="button"
            className="button button--quiet"
            disabled={save.isPending}
            aria-label={`Save the dates for ${name}`}
            onClick={() =>
              save.mutate(
                { id: season.id, input },
                {
                  onSuccess: () => {
                    onPreview(null);
                    showNotification(NotificationType.success, protocolMessages.seasonSaved);
                  },
                  onError: (error) => fail(error, protocolMessages.saveFailed),
                },
              )
            }
          >
            Save
          </button>
        </div>
      </td>
    </tr>
  );
}

/** The popup preset messages: texts and severity; the app finds each by its slug. */
export function PopupMessages() {
  const warnings = useWarnings();
  if (warnings.isPending) return <LoadingState label="Loading the popup messages…" />;
  if (warnings.isError) {
    return (
      <ErrorState
        message={describeApiError(warnings.error, protocolMessages.loadFailed)}
        onRetry={() => void warnings.refetch()}
      />
    );
  }
  return (
    <div className="protocols__popups">
      {warnings.data.map((warning) => (
        <details key={warning.id}>
          <summary>
            {warning.title} <span className="admin-badge">{warning.slug}</span>
          </summary>
          <PopupMessageForm key={JSON.stringify(warning)} warning={warning} />
        </details>
      ))}
    </div>
  );
}

function PopupMessageForm({ warning }: { warning: AdminWarning }) {
  const [form, setForm] = useState({
    title: warning.title,
    body: warning.body,
    button_confirm: warning.button_confirm ?? "",
    button_cancel: warning.button_cancel ?? "",
    severity: warning.severity,
  });
  const [messages, setMessages] = useState<Messages>({});
  const [alerts, setAlerts] = useState<string[]>([]);
  const save = useSaveWarning();
  return (
    <form
      className="admin-form"
      noValidate
      aria-label={`Popup message ${warning.slug}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { id: warning.id, input: form },
          {
            onSuccess: () => {
              setMessages({});
              setAlerts([]);
              showNotification(NotificationType.success, protocolMessages.warningSaved);
            },
            onError: (error) => {
              const failure = readFailure(error, protocolMessages.saveFailed);
              setMessages(failure.fields);
              setAlerts(failure.messages);
            },
          },
        );
      }}
    >
      <AlertBox messages={alerts} />
      <TextField
        label="Title"
        value={form.title}
        error={messages.title}
        onChange={(event) => setForm({ ...form, title: event.target.value })}
      />
      <TextAreaField
        label="Message"
        value={form.body}
        error={messages.body}
        onChange={(event) => setForm({ ...form, body: event.target.value })}
      />
      <div className="admin-form__row">
        <TextField
          label="Confirm button"
          isOptional
          value={form.button_confirm}
          error={messages.button_confirm}
          onChange={(event) => setForm({ ...form, button_confirm: event.target.value })}
        />
        <TextField
          label="Cancel button"
          isOptional
          value={form.button_cancel}
          error={messages.button_cancel}
          onChange={(event) => setForm({ ...form, button_cancel: event.target.value })}
        />
        <SelectField
          label="Severity"
          value={form.severity}
          onChange={(event) =>
            setForm({ ...form, severity: event.target.value === "alert" ? "alert" : "attention" })
          }
          options={[
            { value: "attention", label: "Attention" },
            { value: "alert", label: "Alert" },
          ]}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save popup message"}
      </button>
    </form>
  );
}
