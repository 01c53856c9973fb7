import { adminMessages, type AuditEntry } from "@vaxcal/contracts";
import { Link, useSearchParams } from "react-router";
import { SelectField } from "../../../components/ui/form-fields.tsx";
import { QueryPanels } from "../../../components/ui/query-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { useAuditEntries } from "../api/list-audit-entries.ts";
import { useProductNames } from "../api/list-product-names.ts";
import { useReferenceDifferences } from "../api/list-reference-differences.ts";
import { AdminLayout } from "./admin-layout.tsx";
import { AdminPager, countPages } from "./admin-pager.tsx";
import { describeOffset } from "./shot-template-form.ts";
import { toNamedOptions } from "./named-options.ts";
import { AdminTable } from "./admin-table.tsx";

const whenFormat = new Intl.DateTimeFormat("en-IE", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Dublin",
});

// Bookkeeping that changes with every save; the audit shows what the admin changed.
const ignoredFields = new Set(["updated_at", "calendar_count", "diseases"]);

type Change = { field: string; before: unknown; after: unknown };

/** The fields that differ between before and after, rules one level down (`rules.max_shots`). */
export function listChanges(entry: Pick<AuditEntry, "before" | "after">): Change[] {
  const flatten = (value: Record<string, unknown> | null) => {
    const flat: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value ?? {})) {
      if (ignoredFields.has(key)) continue;
      if (key === "rules" && field && typeof field === "object") {
        for (const [rule, ruleValue] of Object.entries(field)) flat[`rules.${rule}`] = ruleValue;
      } else {
        flat[key] = field;
      }
    }
    return flat;
  };
  const before = flatten(entry.before);
  const after = flatten(entry.after);
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

const protocolEntityNames: Record<string, string> = {
  shot_template: "shot template",
  disease_animal: "disease link",
  season_default: "season dates",
  warning: "popup message",
};

/**
 * What an entry changed, in words, and where to look at it now: a product opens its form, a
 * protocol change the protocol page for its product and animal.
 */
export function describeAuditSubject(
  entry: Pick<AuditEntry, "entity" | "entity_id" | "vaccine_id" | "before" | "after">,
  productName: (id: number | null) => string | undefined,
): { text: string; href: string | null } {
  const fields = entry.after ?? entry.before ?? {};
  const read = (key: string) => {
    const value = fields[key];
    return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  };
  const protocolHref = (values: Record<string, string | number | null | undefined>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const query = params.toString();
    return `${paths.adminProtocol.getHref()}${query === "" ? "" : `?${query}`}`;
  };
  const kind = protocolEntityNames[entry.entity];
  if (kind === undefined) {
    return {
      text: read("name") ?? String(entry.entity_id),
      href: paths.editProduct.getHref(entry.entity_id),
    };
  }
  switch (entry.entity) {
    case "shot_template": {
      const product = productName(entry.vaccine_id) ?? `product ${entry.vaccine_id ?? ""}`;
      const birthDays = fields.birth_days;
      const breedingDays = fields.breeding_days;
      const offset =
        typeof birthDays === "number" || typeof breedingDays === "number"
          ? `, ${describeOffset({
              birth_days: typeof birthDays === "number" ? birthDays : null,
              breeding_days: typeof breedingDays === "number" ? breedingDays : null,
            })}`
          : "";
      return {
        text: `${kind} ${read("custom_name") ?? product}${offset}`,
        href: protocolHref({ vaccine: entry.vaccine_id, animal: read("animal_id") }),
      };
    }
    case "disease_animal":
      return {
        text: `${kind} ${read("disease_name") ?? ""} for ${read("animal_name") ?? ""}`,
        href: protocolHref({ animal: read("animal_id") }),
      };
    case "season_default":
      return {
        text: `${kind} ${read("enterprise_name") ?? ""}, ${read("season_name") ?? ""} for ${read("animal_name") ?? ""}`,
        href: protocolHref({ animal: read("animal_id") }),
      };
    default:
      return { text: `${kind} ${read("title") ?? read("slug") ?? ""}`, href: protocolHref({}) };
  }
}

function showValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return "(empty)";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Each field as `field: before → after`. */
function ChangeList({ changes }: { changes: Change[] }) {
  return (
    <ul className="admin-audit__change">
      {changes.map((change) => (
        <li key={change.field}>
          {change.field}: {showValue(change.before)} → {showValue(change.after)}
        </li>
      ))}
    </ul>
  );
}

/** `/admin/audit/`: every admin change, newest first, with before and after, by product. */
export function AuditPage() {
  return (
    <AdminLayout title="Audit">
      <AuditTrail />
      <ReferenceDifferences />
    </AdminLayout>
  );
}

const differenceKinds = {
  changed: "Edited",
  deleted: "Deleted",
  added: "Added by an admin",
} as const;

/**
 * Decision 404: the reference rows that differ from the data VaxCal ships, so an admin can see
 * what the seeder now leaves alone.
 */
function ReferenceDifferences() {
  const differences = useReferenceDifferences();
  return (
    <section className="admin-differences" aria-labelledby="admin-differences-title">
      <h2 id="admin-differences-title">Differences from the shipped reference data</h2>
      {!differences.isSuccess ? (
        <QueryPanels
          queries={[differences]}
          loadingLabel="Comparing with the shipped data…"
          fallback={adminMessages.auditLoadFailed}
        />
      ) : differences.data.length === 0 ? (
        <p role="status">Every reference row is as shipped.</p>
      ) : (
        <AdminTable
          caption="Rows that differ from the shipped data"
          columns={["Table", "Row", "Difference", "Shipped and now"]}
        >
          {differences.data.map((difference) => {
            const row = Object.entries(difference.key)
              .map(([field, value]) => `${field} ${value}`)
              .join(", ");
            return (
              <tr key={`${difference.table}-${row}`}>
                <td>{difference.table}</td>
                <td>{row}</td>
                <td>{differenceKinds[difference.kind]}</td>
                <td>
                  <ChangeList
                    changes={difference.fields.map((field) => ({
                      field: field.field,
                      before: field.shipped,
                      after: field.current,
                    }))}
                  />
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </section>
  );
}

// Rendered only for an admin, so its calls are never made for anyone else.
function AuditTrail() {
  const [params, setParams] = useSearchParams();
  const product = params.get("product") ?? "";
  const page = Math.max(1, Number(params.get("page") ?? "1") || 1);
  const entries = useAuditEntries({ product, page });
  const productNames = useProductNames();

  const setFilters = (next: { product: string; page: number }) => {
    const nextParams = new URLSearchParams();
    if (next.product) nextParams.set("product", next.product);
    if (next.page > 1) nextParams.set("page", String(next.page));
    setParams(nextParams, { replace: true });
  };
  const pageCount = countPages(entries.data);

  return (
    <section>
      <div className="admin-page__header">
        <h1>Audit</h1>
      </div>
      <div className="admin-filters">
        <SelectField
          label="Product"
          placeholder="All products"
          value={product}
          onChange={(event) => setFilters({ product: event.target.value, page: 1 })}
          options={toNamedOptions(productNames.data ?? [])}
        />
      </div>
      {!entries.isSuccess ? (
        <QueryPanels
          queries={[entries]}
          loadingLabel="Loading the audit trail…"
          fallback={adminMessages.auditLoadFailed}
        />
      ) : entries.data.items.length === 0 ? (
        <p role="status">No changes recorded yet.</p>
      ) : (
        <>
          <AdminTable
            caption="Admin changes, newest first"
            columns={["When", "Who", "Change", "Before and after"]}
          >
            {entries.data.items.map((entry) => {
              const subject = describeAuditSubject(
                entry,
                (id) => productNames.data?.find((option) => option.id === id)?.name,
              );
              return (
                <tr key={entry.id}>
                  <td>{whenFormat.format(new Date(entry.occurred_at))}</td>
                  <td>{entry.user_label}</td>
                  <td>
                    {entry.action === "create"
                      ? "Added"
                      : entry.action === "delete"
                        ? "Deleted"
                        : "Changed"}{" "}
                    {entry.action === "delete" || subject.href === null ? (
                      subject.text
                    ) : (
                      <Link to={subject.href}>{subject.text}</Link>
                    )}
                  </td>
                  <td>
                    <ChangeList changes={listChanges(entry)} />
                  </td>
                </tr>
              );
            })}
          </AdminTable>
          <AdminPager
            page={page}
            pageCount={pageCount}
            onPage={(next) => setFilters({ product, page: next })}
          >
            Page {page} of {pageCount}
          </AdminPager>
        </>
      )}
    </section>
  );
}
