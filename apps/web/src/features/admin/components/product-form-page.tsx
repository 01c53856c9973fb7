import { VaccineRoute, adminMessages, type Product, type ProductInput } from "@vaxcal/contracts";
import { useState, type ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  AlertBox,
  CheckboxField,
  FieldGroup,
  TextAreaField,
  TextField,
} from "../../../components/ui/form-fields.tsx";
import { ErrorState, LoadingState } from "../../../components/ui/status-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { describeApiError } from "../../../lib/api-errors.ts";
import { useDeleteProduct } from "../api/delete-product.ts";
import { useProduct } from "../api/get-product.ts";
import { useProductNames } from "../api/list-product-names.ts";
import { useSaveProduct } from "../api/save-product.ts";
import { adminTexts } from "../admin-texts.ts";
import { resolveWith, useAdminForm } from "../hooks/use-admin-form.ts";
import { AdminLayout } from "./admin-layout.tsx";
import {
  emptyProductForm,
  flagRuleFields,
  numberRuleFields,
  routeCodes,
  toProductForm,
  toProductInput,
  windowRuleFields,
  type FlagRuleField,
  type NumberRuleField,
  type ProductFormValues,
  type WindowRuleField,
} from "./product-form.ts";

type TextFieldName =
  "name" | "size_info" | "product_spc_url" | "logo_url" | "accent_color" | "source_note";

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
  crosses_placenta: "The vaccine virus reaches the calf in the womb (not in pregnancy)",
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

const productResolver = resolveWith<ProductFormValues, ProductInput>(toProductInput);

function ProductForm({ id, product }: { id: number | null; product: Product | null }) {
  const navigate = useNavigate();
  const { form, alerts, alertRef, messageOf, showInvalid, send } = useAdminForm<
    ProductFormValues,
    ProductInput
  >({
    resolver: productResolver,
    defaultValues: product ? toProductForm(product) : emptyProductForm(),
  });
  const { register, setValue, control } = form;
  const routes = useWatch({ control, name: "routes" });
  const compatibleIds = useWatch({ control, name: "compatible_vaccine_ids" });
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const save = useSaveProduct(id);
  const remove = useDeleteProduct(id ?? 0);
  const productNames = useProductNames();

  const submit = form.handleSubmit((input) => {
    // The version this form was loaded from: a save over someone else's newer one is refused.
    send(
      save.mutate,
      { ...input, updated_at: product?.updated_at },
      {
        success: id === null ? adminMessages.created : adminMessages.saved,
        fallback: adminMessages.saveFailed,
        onSuccess: (saved) => {
          if (id === null) void navigate(paths.editProduct.getHref(saved.id), { replace: true });
        },
      },
    );
  }, showInvalid);

  const deleteProduct = () => {
    send(remove.mutate, undefined, {
      success: adminMessages.deleted,
      fallback: adminMessages.saveFailed,
      onSuccess: () => void navigate(paths.admin.getHref()),
      onError: () => setIsConfirmingDelete(false),
    });
  };

  const text = (field: TextFieldName, label: string, hint?: string) => (
    <TextField label={label} hint={hint} error={messageOf(field)} {...register(field)} />
  );

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
      <AlertBox ref={alertRef} messages={alerts} />
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
        <FieldGroup legend="Routes" error={messageOf("vaccine_type")}>
          {routeCodes.map((code) => (
            <CheckboxField
              key={code}
              label={`${VaccineRoute[code]} (${code})`}
              checked={routes.includes(code)}
              onChange={(event) =>
                setValue(
                  "routes",
                  event.target.checked
                    ? routeCodes.filter((route) => route === code || routes.includes(route))
                    : routes.filter((route) => route !== code),
                )
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
          error={messageOf("information")}
          {...register("information")}
        />
        <TextAreaField
          label="Warning message"
          error={messageOf("warning_message")}
          {...register("warning_message")}
        />
        {text("source_note", "Source note", "Where the facts come from, e.g. S16 (H)")}
        <CheckboxField
          label="Retired: saved calendars keep it, new calendars stop offering it"
          {...register("retired")}
        />
      </fieldset>

      <fieldset>
        <legend>Rules (protocol checks)</legend>
        <div className="admin-form__row">
          {numberRuleFields.map((field) => (
            <TextField
              key={field}
              label={numberLabels[field]}
              inputMode="numeric"
              isOptional
              error={messageOf(`rules.${field}`)}
              {...register(`numbers.${field}`)}
            />
          ))}
        </div>
        {flagRuleFields.map((field) => (
          <CheckboxField key={field} label={flagLabels[field]} {...register(`flags.${field}`)} />
        ))}
        <TextAreaField
          label="Note for the person giving it"
          isOptional
          error={messageOf("rules.handler_warning")}
          {...register("handler_warning")}
        />
        {windowRuleFields.map((field) => (
          <FieldGroup
            key={field}
            legend={windowLabels[field]}
            hint="Leave both empty for none; days before birth are negative."
            error={messageOf(`rules.${field}`)}
          >
            <div className="admin-form__row">
              {(["from", "to"] as const).map((end) => (
                <TextField
                  key={end}
                  label={end === "from" ? "From day" : "To day"}
                  inputMode="numeric"
                  error={messageOf(`rules.${field}.${end}`)}
                  {...register(`windows.${field}.${end}`)}
                />
              ))}
            </div>
          </FieldGroup>
        ))}
        <FieldGroup
          legend="May be given within 14 days of"
          error={messageOf("rules.compatible_vaccine_ids")}
        >
          {(productNames.data ?? [])
            .filter((other) => other.id !== id)
            .map((other) => (
              <CheckboxField
                key={other.id}
                label={other.name}
                checked={compatibleIds.includes(other.id)}
                onChange={(event) =>
                  setValue(
                    "compatible_vaccine_ids",
                    event.target.checked
                      ? [...compatibleIds, other.id]
                      : compatibleIds.filter((chosen) => chosen !== other.id),
                  )
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
