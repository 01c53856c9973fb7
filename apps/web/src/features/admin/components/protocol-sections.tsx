import { zodResolver } from "@hookform/resolvers/zod";
import {
  protocolMessages,
  type AdminDiseaseAnimal,
  type AdminSeasonDefault,
  type AdminWarning,
  type DiseaseAnimalInput,
  type ProtocolPreviewResponse,
} from "@vaxcal/contracts";
import { useId, useState } from "react";
import { z } from "zod";
import {
  AlertBox,
  FieldError,
  SelectField,
  TextAreaField,
  TextField,
} from "../../../components/ui/form-fields.tsx";
import { QueryPanels } from "../../../components/ui/query-panels.tsx";
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
import { useAdminForm } from "../hooks/use-admin-form.ts";
import { ConfirmButtons } from "./confirm-buttons.tsx";
import { ProtocolPreview } from "./protocol-preview.tsx";
import { toNamedOptions } from "./named-options.ts";
import { AdminTable } from "./admin-table.tsx";

const DiseaseLinkFormSchema = z.object({
  disease_id: z.string().min(1, protocolMessages.diseaseUnknown).transform(Number),
  vaccine_id: z.string().min(1, protocolMessages.productUnknown).transform(Number),
  herd_status_question: z.string(),
});
const diseaseLinkResolver = zodResolver(DiseaseLinkFormSchema.omit({ disease_id: true }));
const newDiseaseLinkResolver = zodResolver(DiseaseLinkFormSchema);
const emptyDiseaseLink = { disease_id: "", vaccine_id: "", herd_status_question: "" };

/** The server's field paths inside the request body's wrapper (`link.vaccine_id` → `vaccine_id`). */
const withoutPrefix = (prefix: string) => (path: string) =>
  path.startsWith(prefix) ? path.slice(prefix.length) : path;

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
  if (!links.isSuccess || !diseases.isSuccess) {
    return (
      <QueryPanels
        queries={[links, diseases]}
        loadingLabel="Loading the disease links…"
        fallback={protocolMessages.loadFailed}
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
        <AdminTable
          caption="Diseases offered for the animal"
          columns={["Disease", "Default product", "Herd status question (empty: not asked)"]}
          hasActions
        >
          {links.data.map((link) => (
            <DiseaseLinkRow
              key={`${link.disease_id}-${link.vaccine_id}-${link.herd_status_question ?? ""}`}
              link={link}
              products={products}
              onPreview={setPreview}
            />
          ))}
        </AdminTable>
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
  const { form, alerts, messageOf, clearMessages, send } = useAdminForm({
    resolver: diseaseLinkResolver,
    defaultValues: {
      vaccine_id: String(link.vaccine_id),
      herd_status_question: link.herd_status_question ?? "",
    },
    toField: withoutPrefix("link."),
  });
  const [isConfirmingRemove, setIsConfirmingRemove] = useState(false);
  const save = useSaveDiseaseAnimal();
  const remove = useDeleteDiseaseAnimal();
  const previewChange = usePreviewProtocolChange();
  const runPreview = (proposed: DiseaseAnimalInput | null) => {
    clearMessages();
    send(
      previewChange.mutate,
      {
        kind: "disease_animal",
        disease_id: link.disease_id,
        animal_id: link.animal_id,
        link: proposed,
      },
      { fallback: protocolMessages.previewFailed, onSuccess: onPreview },
    );
  };
  const key = { diseaseId: link.disease_id, animalId: link.animal_id };
  return (
    <tr>
      <th scope="row">
        {link.disease_name}
        {alerts.length > 0 && Object.keys(form.formState.errors).length === 0 && (
          <AlertBox messages={alerts} />
        )}
      </th>
      <td>
        <select
          className="field__control field__control--select"
          aria-label={`Default product for ${link.disease_name}`}
          aria-invalid={messageOf("vaccine_id") ? true : undefined}
          aria-describedby={messageOf("vaccine_id") ? `${id}-vaccine` : undefined}
          {...form.register("vaccine_id", { onChange: () => onPreview(null) })}
        >
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-vaccine`} message={messageOf("vaccine_id")} />
      </td>
      <td>
        <textarea
          className="field__control protocols__question"
          rows={2}
          aria-label={`Herd status question for ${link.disease_name}`}
          aria-invalid={messageOf("herd_status_question") ? true : undefined}
          aria-describedby={messageOf("herd_status_question") ? `${id}-question` : undefined}
          {...form.register("herd_status_question")}
        />
        <FieldError id={`${id}-question`} message={messageOf("herd_status_question")} />
      </td>
      <td>
        <div className="protocols__row-actions">
          {isConfirmingRemove ? (
            <ConfirmButtons
              confirmLabel="Yes, remove it"
              isPending={remove.isPending}
              onConfirm={() =>
                send(remove.mutate, key, {
                  success: protocolMessages.linkDeleted,
                  fallback: protocolMessages.saveFailed,
                  onSuccess: () => onPreview(null),
                  onError: () => setIsConfirmingRemove(false),
                })
              }
              onKeep={() => {
                setIsConfirmingRemove(false);
                onPreview(null);
              }}
            />
          ) : (
            <>
              <button
                type="button"
                className="button button--quiet"
                disabled={previewChange.isPending}
                aria-label={`Preview the ${link.disease_name} link`}
                onClick={() => void form.handleSubmit(runPreview)()}
              >
                Preview
              </button>
              <button
                type="button"
                className="button button--quiet"
                disabled={save.isPending}
                aria-label={`Save the ${link.disease_name} link`}
                onClick={() =>
                  void form.handleSubmit((input) =>
                    send(
                      save.mutate,
                      { ...key, input },
                      {
                        success: protocolMessages.linkSaved,
                        fallback: protocolMessages.saveFailed,
                        onSuccess: () => onPreview(null),
                      },
                    ),
                  )()
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
  const { form, alerts, messageOf, showInvalid, clearMessages, send } = useAdminForm({
    resolver: newDiseaseLinkResolver,
    defaultValues: emptyDiseaseLink,
    toField: withoutPrefix("link."),
  });
  const create = useCreateDiseaseAnimal();
  const previewChange = usePreviewProtocolChange();
  const submit = form.handleSubmit((input) => {
    send(
      create.mutate,
      { ...input, animal_id: animalId },
      {
        success: protocolMessages.linkCreated,
        fallback: protocolMessages.saveFailed,
        onSuccess: () => {
          onPreview(null);
          form.reset(emptyDiseaseLink);
        },
      },
    );
  }, showInvalid);
  const preview = form.handleSubmit(({ disease_id, ...link }) => {
    clearMessages();
    send(
      previewChange.mutate,
      { kind: "disease_animal", disease_id, animal_id: animalId, link },
      { fallback: protocolMessages.previewFailed, onSuccess: onPreview },
    );
  }, showInvalid);
  return (
    <form
      className="admin-form protocols__editor"
      noValidate
      aria-label="Offer another disease"
      onSubmit={(event) => void submit(event)}
    >
      <h3>Offer another disease</h3>
      <AlertBox messages={alerts} />
      <div className="admin-form__row">
        <SelectField
          label="Disease"
          placeholder="Choose a disease"
          error={messageOf("disease_id")}
          options={toNamedOptions(diseases)}
          {...form.register("disease_id")}
        />
        <SelectField
          label="Default product"
          placeholder="Choose a product"
          error={messageOf("vaccine_id")}
          options={toNamedOptions(products)}
          {...form.register("vaccine_id")}
        />
        <TextField
          label="Herd status question"
          isOptional
          error={messageOf("herd_status_question")}
          {...form.register("herd_status_question")}
        />
      </div>
      <div className="protocols__actions">
        <button
          type="button"
          className="button"
          disabled={previewChange.isPending}
          aria-label="Preview offering this disease"
          onClick={() => void preview()}
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
  if (!seasons.isSuccess) {
    return (
      <QueryPanels
        queries={[seasons]}
        loadingLabel="Loading the season dates…"
        fallback={protocolMessages.loadFailed}
      />
    );
  }
  return (
    <>
      <p>
        Dates are year offset, month and day: 0.03.01 is 1 March of the year the calendar is made,
        -1.10.05 is 5 October of the year before.
      </p>
      <AdminTable
        caption="Season default dates"
        columns={["Enterprise and season", "Birth date", "Breeding date"]}
        hasActions
      >
        {seasons.data.map((season) => (
          <SeasonDefaultRow
            key={`${season.id}-${season.birth_date}-${season.breeding_date}`}
            season={season}
            onPreview={setPreview}
          />
        ))}
      </AdminTable>
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
  const { form, alerts, messageOf, clearMessages, send } = useAdminForm({
    defaultValues: {
      birth_date: season.birth_date ?? "",
      breeding_date: season.breeding_date ?? "",
    },
    toField: withoutPrefix("season_default."),
  });
  const save = useSaveSeasonDefault();
  const previewChange = usePreviewProtocolChange();
  const name = `${season.enterprise_name}, ${season.season_name}`;
  const dateInput = (field: "birth_date" | "breeding_date", label: string) => (
    <td>
      <input
        className="field__control"
        aria-label={`${label} for ${name}`}
        aria-invalid={messageOf(field) ? true : undefined}
        aria-describedby={messageOf(field) ? `${id}-${field}` : undefined}
        {...form.register(field, { onChange: () => onPreview(null) })}
      />
      <FieldError id={`${id}-${field}`} message={messageOf(field)} />
    </td>
  );
  return (
    <tr>
      <th scope="row">
        {name}
        {alerts.length > 0 && Object.keys(form.formState.errors).length === 0 && (
          <AlertBox messages={alerts} />
        )}
      </th>
      {dateInput("birth_date", "Birth date")}
      {dateInput("breeding_date", "Breeding date")}
      <td>
        <div className="protocols__row-actions">
          <button
            type="button"
            className="button button--quiet"
            disabled={previewChange.isPending}
            aria-label={`Preview the dates for ${name}`}
            onClick={() =>
              void form.handleSubmit((input) => {
                clearMessages();
                send(
                  previewChange.mutate,
                  { kind: "season_default", season_default_id: season.id, season_default: input },
                  { fallback: protocolMessages.previewFailed, onSuccess: onPreview },
                );
              })()
            }
          >
            Preview
          </button>
          <button
            type="button"
            className="button button--quiet"
            disabled={save.isPending}
            aria-label={`Save the dates for ${name}`}
            onClick={() =>
              void form.handleSubmit((input) =>
                send(
                  save.mutate,
                  { id: season.id, input },
                  {
                    success: protocolMessages.seasonSaved,
                    fallback: protocolMessages.saveFailed,
                    onSuccess: () => onPreview(null),
                  },
                ),
              )()
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
  if (!warnings.isSuccess) {
    return (
      <QueryPanels
        queries={[warnings]}
        loadingLabel="Loading the popup messages…"
        fallback={protocolMessages.loadFailed}
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
  const { form, alerts, messageOf, send } = useAdminForm({
    defaultValues: {
      title: warning.title,
      body: warning.body,
      button_confirm: warning.button_confirm ?? "",
      button_cancel: warning.button_cancel ?? "",
      severity: warning.severity,
    },
  });
  const { register } = form;
  const save = useSaveWarning();
  const submit = form.handleSubmit((input) =>
    send(
      save.mutate,
      { id: warning.id, input },
      { success: protocolMessages.warningSaved, fallback: protocolMessages.saveFailed },
    ),
  );
  return (
    <form
      className="admin-form"
      noValidate
      aria-label={`Popup message ${warning.slug}`}
      onSubmit={(event) => void submit(event)}
    >
      <AlertBox messages={alerts} />
      <TextField label="Title" error={messageOf("title")} {...register("title")} />
      <TextAreaField label="Message" error={messageOf("body")} {...register("body")} />
      <div className="admin-form__row">
        <TextField
          label="Confirm button"
          isOptional
          error={messageOf("button_confirm")}
          {...register("button_confirm")}
        />
        <TextField
          label="Cancel button"
          isOptional
          error={messageOf("button_cancel")}
          {...register("button_cancel")}
        />
        <SelectField
          label="Severity"
          options={[
            { value: "attention", label: "Attention" },
            { value: "alert", label: "Alert" },
          ]}
          {...register("severity")}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save popup message"}
      </button>
    </form>
  );
}
