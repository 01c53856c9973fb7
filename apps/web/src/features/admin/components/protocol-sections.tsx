import {
  protocolMessages,
  type AdminDiseaseAnimal,
  type AdminSeasonDefault,
  type AdminWarning,
  type DiseaseAnimalInput,
  type ProtocolPreviewResponse,
} from "@vaxcal/contracts";
import { useId, useState } from "react";
import {
  AlertBox,
  FieldError,
  SelectField,
  TextAreaField,
  TextField,
} from "../../../components/ui/form-fields.tsx";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { describeApiError, describeFormFailure } from "../../../lib/api-errors.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { useCreateDiseaseAnimal } from "../api/create-disease-animal.ts";
import { useDeleteDiseaseAnimal } from "../api/delete-disease-animal.ts";
import { useDiseaseAnimals } from "../api/list-disease-animals.ts";
import { useFilterOptions } from "../api/list-filter-options.ts";
import { useSeasonDefaults } from "../api/list-season-defaults.ts";
import { useWarnings } from "../api/list-warnings.ts";
import { usePreviewProtocolChange } from "../api/preview-protocol-change.ts";
import { useSaveDiseaseAnimal } from "../api/save-disease-animal.ts";
import { useSaveSeasonDefault } from "../api/save-season-default.ts";
import { useSaveWarning } from "../api/save-warning.ts";
import { ProtocolPreview } from "./protocol-preview.tsx";

type Messages = Record<string, string>;

/** The field messages of a failed save, by field (`body.vaccine_id` → `vaccine_id`). */
/** The server's messages, each field's keyed without `prefix` (the request body's wrapper). */
function readFailure(
  error: unknown,
  fallback: string,
  prefix = "",
): { fields: Messages; messages: string[] } {
  const failure = describeFormFailure(error, { fallback });
  const fields: Messages = {};
  for (const issue of failure.fields) {
    const field = issue.field.startsWith(prefix) ? issue.field.slice(prefix.length) : issue.field;
    fields[field] ??= issue.message;
  }
  return { fields, messages: failure.messages };
}

/**
 * The diseases offered for the animal: each one's default product and herd status question,
 * with a preview of what a new product (or removing the disease) does to the default calendars,
 * and a way to offer another disease.
 */
export function DiseaseLinks({
  animalId,
  products,
}: {
  animalId: number;
  products: Array<{ id: number; name: string }>;
}) {
  const links = useDiseaseAnimals(animalId);
  const { diseases } = useFilterOptions();
  const [preview, setPreview] = useState<ProtocolPreviewResponse | null>(null);
  if (links.isPending || diseases.isPending) {
    return <LoadingState label="Loading the disease links…" />;
  }
  if (links.isError || diseases.isError) {
    return (
      <ErrorState
        message={describeApiError(links.error ?? diseases.error, protocolMessages.loadFailed)}
        onRetry={() => {
          void links.refetch();
          void diseases.refetch();
        }}
      />
    );
  }
  const linked = new Set(links.data.map((link) => link.disease_id));
  const unlinked = diseases.data.filter((disease) => !linked.has(disease.id));
  return (
    <>
      {links.data.length === 0 ? (
        <p role="status">No disease is offered for this animal.</p>
      ) : (
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
                  onPreview={setPreview}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {unlinked.length > 0 && (
        <NewDiseaseLink
          animalId={animalId}
          diseases={unlinked}
          products={products}
          onPreview={setPreview}
        />
      )}
      {preview && <ProtocolPreview preview={preview} />}
    </>
  );
}

function DiseaseLinkRow({
  link,
  products,
  onPreview,
}: {
  link: AdminDiseaseAnimal;
  products: Array<{ id: number; name: string }>;
  onPreview: (preview: ProtocolPreviewResponse | null) => void;
}) {
  const id = useId();
  const [vaccineId, setVaccineId] = useState(String(link.vaccine_id));
  const [question, setQuestion] = useState(link.herd_status_question ?? "");
  const [messages, setMessages] = useState<Messages>({});
  const [alerts, setAlerts] = useState<string[]>([]);
  const [isConfirmingRemove, setIsConfirmingRemove] = useState(false);
  const save = useSaveDiseaseAnimal();
  const remove = useDeleteDiseaseAnimal();
  const previewChange = usePreviewProtocolChange();
  const input = { vaccine_id: Number(vaccineId), herd_status_question: question };
  const fail = (error: unknown, fallback: string) => {
    const failure = readFailure(error, fallback, "link.");
    setMessages(failure.fields);
    setAlerts(failure.messages);
  };
  const runPreview = (proposed: DiseaseAnimalInput | null) => {
    setMessages({});
    setAlerts([]);
    previewChange.mutate(
      {
        kind: "disease_animal",
        disease_id: link.disease_id,
        animal_id: link.animal_id,
        link: proposed,
      },
      { onSuccess: onPreview, onError: (error) => fail(error, protocolMessages.previewFailed) },
    );
  };
  const key = { diseaseId: link.disease_id, animalId: link.animal_id };
  return (
    <tr>
      <th scope="row">
        {link.disease_name}
        {alerts.length > 0 && Object.keys(messages).length === 0 && <AlertBox messages={alerts} />}
      </th>
      <td>
        <select
          className="field__control field__control--select"
          aria-label={`Default product for ${link.disease_name}`}
          aria-invalid={messages.vaccine_id ? true : undefined}
          aria-describedby={messages.vaccine_id ? `${id}-vaccine` : undefined}
          value={vaccineId}
          onChange={(event) => {
            setVaccineId(event.target.value);
            onPreview(null);
          }}
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
      </td>
      <td>
        <div className="protocols__row-actions">
          {isConfirmingRemove ? (
            <>
              <button
                type="button"
                className="button button--primary"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(key, {
                    onSuccess: () => {
                      onPreview(null);
                      showNotification(NotificationType.success, protocolMessages.linkDeleted);
                    },
                    onError: (error) => {
                      setIsConfirmingRemove(false);
                      fail(error, protocolMessages.saveFailed);
                    },
                  })
                }
              >
                Yes, remove it
              </button>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => {
                  setIsConfirmingRemove(false);
                  onPreview(null);
                }}
              >
                Keep it
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="button button--quiet"
                disabled={previewChange.isPending}
                aria-label={`Preview the ${link.disease_name} link`}
                onClick={() => runPreview(input)}
              >
                Preview
              </button>
              <button
                type="button"
                className="button button--quiet"
                disabled={save.isPending}
                aria-label={`Save the ${link.disease_name} link`}
                onClick={() =>
                  save.mutate(
                    { ...key, input },
                    {
                      onSuccess: () => {
                        onPreview(null);
                        showNotification(NotificationType.success, protocolMessages.linkSaved);
                      },
                      onError: (error) => fail(error, protocolMessages.saveFailed),
                    },
                  )
                }
              >
                Save
              </button>
              <button
                type="button"
                className="button button--quiet"
                aria-label={`Remove ${link.disease_name} for this animal`}
                onClick={() => {
                  setIsConfirmingRemove(true);
                  runPreview(null);
                }}
              >
                Remove
              </button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

function NewDiseaseLink({
  animalId,
  diseases,
  products,
  onPreview,
}: {
  animalId: number;
  diseases: Array<{ id: number; name: string }>;
  products: Array<{ id: number; name: string }>;
  onPreview: (preview: ProtocolPreviewResponse | null) => void;
}) {
  const [diseaseId, setDiseaseId] = useState("");
  const [vaccineId, setVaccineId] = useState("");
  const [question, setQuestion] = useState("");
  const [messages, setMessages] = useState<Messages>({});
  const [alerts, setAlerts] = useState<string[]>([]);
  const create = useCreateDiseaseAnimal();
  const previewChange = usePreviewProtocolChange();
  const check = () => {
    const missing: Messages = {};
    if (diseaseId === "") missing.disease_id = protocolMessages.diseaseUnknown;
    if (vaccineId === "") missing.vaccine_id = protocolMessages.productUnknown;
    setMessages(missing);
    setAlerts([...new Set(Object.values(missing))]);
    return Object.keys(missing).length === 0;
  };
  const fail = (error: unknown, fallback: string) => {
    const failure = readFailure(error, fallback, "link.");
    setMessages(failure.fields);
    setAlerts(failure.messages);
  };
  return (
    <form
      className="admin-form protocols__editor"
      noValidate
      aria-label="Offer another disease"
      onSubmit={(event) => {
        event.preventDefault();
        if (!check()) return;
        create.mutate(
          {
            disease_id: Number(diseaseId),
            animal_id: animalId,
            vaccine_id: Number(vaccineId),
            herd_status_question: question,
          },
          {
            onSuccess: () => {
              onPreview(null);
              setDiseaseId("");
              setVaccineId("");
              setQuestion("");
              showNotification(NotificationType.success, protocolMessages.linkCreated);
            },
            onError: (error) => fail(error, protocolMessages.saveFailed),
          },
        );
      }}
    >
      <h3>Offer another disease</h3>
      <AlertBox messages={alerts} />
      <div className="admin-form__row">
        <SelectField
          label="Disease"
          placeholder="Choose a disease"
          value={diseaseId}
          error={messages.disease_id}
          onChange={(event) => setDiseaseId(event.target.value)}
          options={diseases.map((disease) => ({ value: String(disease.id), label: disease.name }))}
        />
        <SelectField
          label="Default product"
          placeholder="Choose a product"
          value={vaccineId}
          error={messages.vaccine_id}
          onChange={(event) => setVaccineId(event.target.value)}
          options={products.map((product) => ({ value: String(product.id), label: product.name }))}
        />
        <TextField
          label="Herd status question"
          isOptional
          value={question}
          error={messages.herd_status_question}
          onChange={(event) => setQuestion(event.target.value)}
        />
      </div>
      <div className="protocols__actions">
        <button
          type="button"
          className="button"
          disabled={previewChange.isPending}
          aria-label="Preview offering this disease"
          onClick={() => {
            if (!check()) return;
            previewChange.mutate(
              {
                kind: "disease_animal",
                disease_id: Number(diseaseId),
                animal_id: animalId,
                link: { vaccine_id: Number(vaccineId), herd_status_question: question },
              },
              {
                onSuccess: onPreview,
                onError: (error) => fail(error, protocolMessages.previewFailed),
              },
            );
          }}
        >
          Preview
        </button>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          Offer the disease
        </button>
      </div>
    </form>
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
    const failure = readFailure(error, fallback, "season_default.");
    setMessages(failure.fields);
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
