import {
  protocolMessages,
  type AdminShotTemplate,
  type ProtocolPreviewRequest,
  type ProtocolPreviewResponse,
  type ShotTemplateInput,
} from "@vaxcal/contracts";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AlertBox, SelectField, TextField } from "../../../components/ui/form-fields.tsx";
import { QueryPanels } from "../../../components/ui/query-panels.tsx";
import { LoadingState } from "../../../components/ui/status-panels.tsx";
import { useDeleteShotTemplate } from "../api/delete-shot-template.ts";
import { useProductNames } from "../api/list-product-names.ts";
import { useProtocolOptions } from "../api/list-protocol-options.ts";
import { useShotTemplates } from "../api/list-shot-templates.ts";
import { usePreviewProtocolChange } from "../api/preview-protocol-change.ts";
import { useSaveShotTemplate } from "../api/save-shot-template.ts";
import { resolveWith, useAdminForm } from "../hooks/use-admin-form.ts";
import { AdminLayout } from "./admin-layout.tsx";
import { ConfirmButtons } from "./confirm-buttons.tsx";
import { DiseaseLinks, PopupMessages, SeasonDefaults } from "./protocol-sections.tsx";
import { ProtocolPreview } from "./protocol-preview.tsx";
import {
  describeOffset,
  describeWindow,
  describeRecurrence,
  emptyTemplateForm,
  herdStatusLabels,
  toTemplateField,
  toTemplateForm,
  toTemplateInput,
  type ShotTemplateFormValues,
} from "./shot-template-form.ts";
import { toNamedOptions } from "./named-options.ts";
import { AdminTable } from "./admin-table.tsx";

/**
 * `/admin/protocol/`: pick a product and an animal, see its shot templates, edit one, preview
 * the default calendars it gives beside today's, then save. Below: the animal's disease links
 * and season default dates, and the popup messages.
 */
export function ProtocolsPage() {
  return (
    <AdminLayout title="Protocols">
      <ProtocolManager />
    </AdminLayout>
  );
}

function readId(text: string | null): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}

// Rendered only for an admin, so its calls are never made for anyone else.
function ProtocolManager() {
  const [params, setParams] = useSearchParams();
  const vaccine = readId(params.get("vaccine"));
  const animal = readId(params.get("animal"));
  const productNames = useProductNames();
  const { animals, seasons } = useProtocolOptions();

  const choose = (name: "vaccine" | "animal", value: string) => {
    const next = new URLSearchParams(params);
    if (value === "") next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  if (!productNames.isSuccess || !animals.isSuccess || !seasons.isSuccess) {
    return (
      <QueryPanels
        queries={[productNames, animals, seasons]}
        loadingLabel="Loading the protocols…"
        fallback={protocolMessages.loadFailed}
      />
    );
  }
  const animalName = animals.data.find((candidate) => candidate.id === animal)?.name;
  const vaccineName = productNames.data.find((candidate) => candidate.id === vaccine)?.name;

  return (
    <section className="protocols">
      <div className="admin-page__header">
        <h1>Protocols</h1>
      </div>
      <div className="admin-filters">
        <SelectField
          label="Product"
          placeholder="Choose a product"
          value={vaccine === null ? "" : String(vaccine)}
          onChange={(event) => choose("vaccine", event.target.value)}
          options={toNamedOptions(productNames.data)}
        />
        <SelectField
          label="Animal"
          placeholder="Choose an animal"
          value={animal === null ? "" : String(animal)}
          onChange={(event) => choose("animal", event.target.value)}
          options={toNamedOptions(
            [...animals.data].sort((left, right) => left.sortOrder - right.sortOrder),
          )}
        />
      </div>

      <section className="protocols__section" aria-labelledby="protocols-templates-title">
        <h2 id="protocols-templates-title">Shot templates</h2>
        {vaccine === null || animal === null ? (
          <p>Choose a product and an animal to see and edit its shot templates.</p>
        ) : (
          <ShotTemplates
            key={`${vaccine}-${animal}`}
            vaccine={{ id: vaccine, name: vaccineName ?? `Product ${vaccine}` }}
            animal={{ id: animal, name: animalName ?? `Animal ${animal}` }}
            seasons={seasons.data
              .filter((season) => season.animals.some((offered) => offered.id === animal))
              .map((season) => ({ id: season.id, name: season.name }))}
          />
        )}
      </section>

      <section className="protocols__section" aria-labelledby="protocols-links-title">
        <h2 id="protocols-links-title">Disease links</h2>
        {animal === null ? (
          <p>Choose an animal to see the diseases offered for it and their default products.</p>
        ) : (
          <DiseaseLinks key={animal} animalId={animal} products={productNames.data} />
        )}
      </section>

      <section className="protocols__section" aria-labelledby="protocols-seasons-title">
        <h2 id="protocols-seasons-title">Season default dates</h2>
        {animal === null ? (
          <p>Choose an animal to see its season default dates.</p>
        ) : (
          <SeasonDefaults key={animal} animalId={animal} />
        )}
      </section>

      <section className="protocols__section" aria-labelledby="protocols-popups-title">
        <h2 id="protocols-popups-title">Popup messages</h2>
        <PopupMessages />
      </section>
    </section>
  );
}

type NamedId = { id: number; name: string };

function ShotTemplates({
  vaccine,
  animal,
  seasons,
}: {
  vaccine: NamedId;
  animal: NamedId;
  seasons: NamedId[];
}) {
  const templates = useShotTemplates({ vaccine: vaccine.id, animal: animal.id });
  // null: no editor open; "new": adding one; a template: editing it.
  const [editing, setEditing] = useState<AdminShotTemplate | "new" | null>(null);

  if (!templates.isSuccess) {
    return (
      <QueryPanels
        queries={[templates]}
        loadingLabel="Loading the shot templates…"
        fallback={protocolMessages.loadFailed}
      />
    );
  }
  const seasonName = (id: number | null) =>
    id === null ? "Every season" : (seasons.find((season) => season.id === id)?.name ?? `${id}`);

  return (
    <>
      {templates.data.length === 0 ? (
        <p role="status">
          {vaccine.name} has no shot templates for {animal.name}.
        </p>
      ) : (
        <AdminTable
          caption={
            <>
              Shot templates of {vaccine.name} for {animal.name}
            </>
          }
          columns={["Name", "When", "Window", "Repeats", "Herd status", "Season"]}
          hasActions
        >
          {templates.data.map((template) => (
            <tr key={template.id}>
              <td>{template.custom_name ?? vaccine.name}</td>
              <td>{describeOffset(template)}</td>
              <td>{describeWindow(template)}</td>
              <td>{describeRecurrence(template.is_recurrent)}</td>
              <td>{herdStatusLabels[template.herd_status ?? ""]}</td>
              <td>{seasonName(template.season_id)}</td>
              <td>
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={() => setEditing(template)}
                  aria-label={`Edit ${template.custom_name ?? vaccine.name}, ${describeOffset(template)}`}
                >
                  Edit
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {editing === null ? (
        <button type="button" className="button" onClick={() => setEditing("new")}>
          Add shot template
        </button>
      ) : (
        <ShotTemplateEditor
          key={editing === "new" ? "new" : `${editing.id}-${editing.updated_at}`}
          template={editing === "new" ? null : editing}
          vaccine={vaccine}
          animal={animal}
          seasons={seasons}
          onDone={() => setEditing(null)}
        />
      )}
    </>
  );
}

function ShotTemplateEditor({
  template,
  vaccine,
  animal,
  seasons,
  onDone,
}: {
  template: AdminShotTemplate | null;
  vaccine: NamedId;
  animal: NamedId;
  seasons: NamedId[];
  onDone: () => void;
}) {
  const { form, alerts, alertRef, messageOf, showInvalid, clearMessages, send } = useAdminForm<
    ShotTemplateFormValues,
    ShotTemplateInput
  >({
    resolver: resolveWith<ShotTemplateFormValues, ShotTemplateInput>((values) =>
      toTemplateInput(values, { vaccine_id: vaccine.id, animal_id: animal.id }),
    ),
    defaultValues: template ? toTemplateForm(template) : emptyTemplateForm(),
    toField: toTemplateField,
  });
  const [preview, setPreview] = useState<ProtocolPreviewResponse | null>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const save = useSaveShotTemplate();
  const remove = useDeleteShotTemplate();
  const previewChange = usePreviewProtocolChange();
  const title = template ? `Edit ${template.custom_name ?? vaccine.name}` : "Add a shot template";

  // A preview shows the values it was made from; a new value makes it stale.
  const field = (name: keyof ShotTemplateFormValues) =>
    form.register(name, { onChange: () => setPreview(null) });

  const runPreview = (request: ProtocolPreviewRequest) => {
    clearMessages();
    send(previewChange.mutate, request, {
      fallback: protocolMessages.previewFailed,
      onSuccess: setPreview,
    });
  };

  const submit = form.handleSubmit((input) => {
    send(
      save.mutate,
      // The version the editor opened: a save over someone else's newer one is refused.
      { id: template?.id ?? null, input: { ...input, updated_at: template?.updated_at } },
      {
        success: template ? protocolMessages.templateSaved : protocolMessages.templateCreated,
        fallback: protocolMessages.saveFailed,
        onSuccess: onDone,
      },
    );
  }, showInvalid);
  const previewTemplate = form.handleSubmit(
    (input) =>
      runPreview({ kind: "shot_template", template_id: template?.id ?? null, template: input }),
    showInvalid,
  );

  return (
    <form
      className="admin-form protocols__editor"
      noValidate
      aria-label={title}
      onSubmit={(event) => void submit(event)}
    >
      <h3>{title}</h3>
      <AlertBox ref={alertRef} messages={alerts} />
      <fieldset>
        <legend>When</legend>
        <div className="admin-form__row">
          <SelectField
            label="Counts from"
            {...field("anchor")}
            options={[
              { value: "breeding", label: "Breeding date" },
              { value: "birth", label: "Birth date (calving or lambing for adults)" },
            ]}
          />
          <TextField
            label="Days"
            hint="Negative before the date, positive after it, e.g. -28"
            inputMode="numeric"
            error={messageOf("days")}
            {...field("days")}
          />
        </div>
        <div className="admin-form__row">
          <TextField
            label="Earliest day"
            hint="The window's first day, from the same date; empty: no earlier day"
            inputMode="numeric"
            isOptional
            error={messageOf("earliest_days")}
            {...field("earliest_days")}
          />
          <TextField
            label="Latest day"
            hint="The window's last day, from the same date; empty: no later day"
            inputMode="numeric"
            isOptional
            error={messageOf("latest_days")}
            {...field("latest_days")}
          />
        </div>
        <TextField
          label="Source of the window"
          hint="e.g. the product's SPC, with the section"
          isOptional
          error={messageOf("source_note")}
          {...field("source_note")}
        />
      </fieldset>
      <div className="admin-form__row">
        <TextField
          label="Name on the calendar"
          hint={`Leave empty to show "${vaccine.name}"`}
          isOptional
          error={messageOf("custom_name")}
          {...field("custom_name")}
        />
        <TextField
          label="Repeats every how many years"
          hint="0: given once; 1: every year"
          inputMode="numeric"
          error={messageOf("is_recurrent")}
          {...field("is_recurrent")}
        />
        <SelectField
          label="Herd status"
          error={messageOf("herd_status")}
          {...field("herd_status")}
          options={Object.entries(herdStatusLabels).map(([value, label]) => ({ value, label }))}
        />
        <SelectField
          label="Season"
          error={messageOf("season_id")}
          {...field("season_id")}
          options={[{ value: "", label: "Every season" }, ...toNamedOptions(seasons)]}
        />
      </div>
      <div className="protocols__actions">
        <button
          type="button"
          className="button"
          disabled={previewChange.isPending}
          onClick={() => void previewTemplate()}
        >
          {previewChange.isPending ? "Previewing…" : "Preview"}
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save shot template"}
        </button>
        <button type="button" className="button button--quiet" onClick={onDone}>
          Cancel
        </button>
        {template &&
          (isConfirmingDelete ? (
            <ConfirmButtons
              confirmLabel="Yes, delete it"
              isPending={remove.isPending}
              onConfirm={() =>
                send(remove.mutate, template.id, {
                  success: protocolMessages.templateDeleted,
                  fallback: protocolMessages.saveFailed,
                  onSuccess: onDone,
                })
              }
              onKeep={() => setIsConfirmingDelete(false)}
            />
          ) : (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => {
                setIsConfirmingDelete(true);
                runPreview({ kind: "shot_template", template_id: template.id, template: null });
              }}
            >
              Delete
            </button>
          ))}
      </div>
      {isConfirmingDelete && (
        <p role="status">Delete this shot template? The preview below shows what it removes.</p>
      )}
      {previewChange.isPending && <LoadingState label="Generating the default calendars…" />}
      {preview && !previewChange.isPending && <ProtocolPreview preview={preview} />}
    </form>
  );
}
