import { VaccineRoute, adminMessages, type Product } from "@vaxcal/contracts";
import { useId, useRef, useState, type ReactNode, type TextareaHTMLAttributes } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  AlertBox,
  CheckboxField,
  FieldError,
  FieldGroup,
  TextField,
} from "../../../components/ui/form-fields.tsx";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { describeApiError, describeFormFailure } from "../../../lib/api-errors.ts";
import { NotificationType, showNotification } from "../../../stores/notifications.ts";
import { useDeleteProduct } from "../api/delete-product.ts";
import { useProduct } from "../api/get-product.ts";
import { useProductNames } from "../api/list-product-names.ts";
import { useSaveProduct } from "../api/save-product.ts";
import { adminTexts } from "../admin-texts.ts";
import { AdminLayout } from "./admin-layout.tsx";
import {
  emptyProductForm,
  routeCodes,
  toFieldMessages,
  toProductForm,
  toProductInput,
  type FieldMessages,
  type FlagRuleField,
  type NumberRuleField,
  type ProductFormValues,
  type WindowRuleField,
} from "./product-form.ts";

const numberLabels: Record<NumberRuleField, string> = {
  max_shots: "Most first-cycle shots in one year",
  min_age_days: "Minimum age (days)",
  min_days_before_breeding: "Not within this many days before breeding",
  max_days_before_breeding: "Not earlier than this many days before breeding",
  min_days_before_birth: "Not within this many days before birth",
};

const flagLabels: Record<FlagRuleField, string> = {
  live: "Live vaccine",
  not_in_pregnancy: "Not to be given in pregnancy",
  not_protective_in_pregnancy: "Gives no protection when given in pregnancy",
};

const windowLabels: Record<WindowRuleField, string> = {
  blackout_birth_days: "No shot in this window around birth (days from birth)",
  window_birth_days: "Shots belong in this window around birth (days from birth)",
  course_interval_days: "Primary course: days between doses",
  booster_window_birth_days: "Last dose before birth in this window (days from birth)",
};

function parseProductId(text: string | null): number | null {
  if (text === null) return null;
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * `/edit/product/` (new) and `/edit/product/?id=` (existing): every vaccine field of
 * docs/product.md §3 with its rules, messages beside the fields, retire, and delete.
 */
export function ProductFormPage() {
  const [params] = useSearchParams();
  const id = parseProductId(params.get("id"));
  const title = id === null ? "Add product" : "Edit product";
  return (
    <AdminLayout title={title}>
      <ProductEditor id={id} title={title} />
    </AdminLayout>
  );
}

// Rendered only for an admin, so its calls are never made for anyone else.
function ProductEditor({ id, title }: { id: number | null; title: string }) {
  const product = useProduct(id);

  let content: ReactNode;
  if (id !== null && product.isPending) {
    content = <LoadingState label="Loading the product…" />;
  } else if (id !== null && product.isError) {
    content = (
      <ErrorState
        message={describeApiError(product.error, adminMessages.productLoadFailed)}
        onRetry={() => void product.refetch()}
      />
    );
  } else {
    // A new key per product and save, so the form starts again from what the server holds.
    content = (
      <ProductForm
        key={`${id ?? "new"}-${product.data?.updated_at ?? ""}`}
        id={id}
        product={product.data ?? null}
      />
    );
  }
  return (
    <section>
      <div className="admin-page__header">
        <h1>{title}</h1>
        <Link className="button button--quiet" to={paths.admin.getHref()}>
          Back
        </Link>
      </div>
      {content}
    </section>
  );
}

function ProductForm({ id, product }: { id: number | null; product: Product | null }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<ProductFormValues>(() =>
    product ? toProductForm(product) : emptyProductForm(),
  );
  const [fieldMessages, setFieldMessages] = useState<FieldMessages>({});
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const save = useSaveProduct(id);
  const remove = useDeleteProduct(id ?? 0);
  const productNames = useProductNames();

  const update = (changes: Partial<ProductFormValues>) => setForm({ ...form, ...changes });
  const showFailure = (fields: FieldMessages, messages: string[]) => {
    setFieldMessages(fields);
    setFormMessages(messages);
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  const submit = () => {
    const checked = toProductInput(form);
    if (checked.messages) {
      showFailure(checked.messages, [...new Set(Object.values(checked.messages))]);
      return;
    }
    // The version this form was loaded from: a save over someone else's newer one is refused.
    save.mutate(
      { ...checked.input, updated_at: product?.updated_at },
      {
        onSuccess: (saved) => {
          setFieldMessages({});
          setFormMessages([]);
          showNotification(
            NotificationType.success,
            id === null ? adminMessages.created : adminMessages.saved,
          );
          if (id === null) void navigate(paths.editProduct.getHref(saved.id), { replace: true });
        },
        onError: (error) => {
          const failure = describeFormFailure(error, { fallback: adminMessages.saveFailed });
          showFailure(toFieldMessages(failure.fields), failure.messages);
        },
      },
    );
  };

  const deleteProduct = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        showNotification(NotificationType.success, adminMessages.deleted);
        void navigate(paths.admin.getHref());
      },
      onError: (error) => {
        setIsConfirmingDelete(false);
        showFailure({}, [describeApiError(error, adminMessages.saveFailed)]);
      },
    });
  };

  const text = (field: keyof ProductFormValues & string, label: string, hint?: string) => (
    <TextField
      label={label}
      hint={hint}
      value={form[field] as string}
      error={fieldMessages[field]}
      onChange={(event) => update({ [field]: event.target.value })}
    />
  );

  return (
    <form
      className="admin-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <AlertBox ref={alertRef} messages={formMessages} />
      {product && (
        <p>
          Used by {product.calendar_count} saved{" "}
          {product.calendar_count === 1 ? "calendar" : "calendars"}
          {product.diseases.length > 0 &&
            `; offered for ${product.diseases.map((disease) => disease.name).join(", ")}`}
          .
        </p>
      )}

      <fieldset>
        <legend>Product</legend>
        <div className="admin-form__row">
          {text("name", "Name")}
          {text("size_info", "Pack sizes", "For example: 10 dose / 20 ml, 25 dose / 50 ml")}
        </div>
        <FieldGroup legend="Routes" error={fieldMessages.vaccine_type}>
          {routeCodes.map((code) => (
            <CheckboxField
              key={code}
              label={`${VaccineRoute[code]} (${code})`}
              checked={form.routes.includes(code)}
              onChange={(event) =>
                update({
                  routes: event.target.checked
                    ? routeCodes.filter((route) => route === code || form.routes.includes(route))
                    : form.routes.filter((route) => route !== code),
                })
              }
            />
          ))}
        </FieldGroup>
        <div className="admin-form__row">
          {text("product_spc_url", "SPC link", "The product's summary of characteristics")}
          {text("logo_url", "Logo", "A path such as /vaccine-badges/name.svg, or https://…")}
          {text("accent_color", "Accent colour", "Red, green, blue from 0 to 255: 0,94,184")}
        </div>
        <TextAreaField
          label="Information"
          value={form.information}
          error={fieldMessages.information}
          onChange={(event) => update({ information: event.target.value })}
        />
        <TextAreaField
          label="Warning message"
          value={form.warning_message}
          error={fieldMessages.warning_message}
          onChange={(event) => update({ warning_message: event.target.value })}
        />
        {text("source_note", "Source note", "Where the facts come from, e.g. S16 (H)")}
        <CheckboxField
          label="Retired: saved calendars keep it, new calendars stop offering it"
          checked={form.retired}
          onChange={(event) => update({ retired: event.target.checked })}
        />
      </fieldset>

      <fieldset>
        <legend>Rules (protocol checks)</legend>
        <div className="admin-form__row">
          {(Object.keys(numberLabels) as NumberRuleField[]).map((field) => (
            <TextField
              key={field}
              label={numberLabels[field]}
              inputMode="numeric"
              isOptional
              value={form.numbers[field]}
              error={fieldMessages[`rules.${field}`]}
              onChange={(event) =>
                update({ numbers: { ...form.numbers, [field]: event.target.value } })
              }
            />
          ))}
        </div>
        {(Object.keys(flagLabels) as FlagRuleField[]).map((field) => (
          <CheckboxField
            key={field}
            label={flagLabels[field]}
            checked={form.flags[field]}
            onChange={(event) =>
              update({ flags: { ...form.flags, [field]: event.target.checked } })
            }
          />
        ))}
        {(Object.keys(windowLabels) as WindowRuleField[]).map((field) => (
          <FieldGroup
            key={field}
            legend={windowLabels[field]}
            hint="Leave both empty for none; days before birth are negative."
            error={fieldMessages[`rules.${field}`]}
          >
            <div className="admin-form__row">
              {(["from", "to"] as const).map((end) => (
                <TextField
                  key={end}
                  label={end === "from" ? "From day" : "To day"}
                  inputMode="numeric"
                  value={form.windows[field][end]}
                  error={fieldMessages[`rules.${field}.${end}`]}
                  onChange={(event) =>
                    update({
                      windows: {
                        ...form.windows,
                        [field]: { ...form.windows[field], [end]: event.target.value },
                      },
                    })
                  }
                />
              ))}
            </div>
          </FieldGroup>
        ))}
        <FieldGroup
          legend="May be given within 14 days of"
          error={fieldMessages["rules.compatible_vaccine_ids"]}
        >
          {(productNames.data ?? [])
            .filter((other) => other.id !== id)
            .map((other) => (
              <CheckboxField
                key={other.id}
                label={other.name}
                checked={form.compatible_vaccine_ids.includes(other.id)}
                onChange={(event) =>
                  update({
                    compatible_vaccine_ids: event.target.checked
                      ? [...form.compatible_vaccine_ids, other.id]
                      : form.compatible_vaccine_ids.filter((chosen) => chosen !== other.id),
                  })
                }
              />
            ))}
        </FieldGroup>
      </fieldset>

      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : id === null ? "Add product" : "Save product"}
        </button>
        {id !== null &&
          (isConfirmingDelete ? (
            <div role="group" aria-label="Confirm delete" className="button-row">
              <p>{adminTexts.deleteConfirm}</p>
              <button
                type="button"
                className="button button--primary"
                disabled={remove.isPending}
                onClick={deleteProduct}
              >
                Delete
              </button>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => setIsConfirmingDelete(false)}
              >
                Cancel
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setIsConfirmingDelete(true)}
            >
              Delete product
            </button>
          ))}
      </div>
    </form>
  );
}

/** A labelled multi-line box with its message beside it, like `TextField`. */
export function TextAreaField({
  label,
  error,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
