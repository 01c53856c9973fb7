import type { SelectOption } from "../../../components/ui/form-fields.tsx";

/** A picker's options from reference rows: each row's id as the value, its name as the label. */
export function toNamedOptions(rows: ReadonlyArray<{ id: number; name: string }>): SelectOption[] {
  return rows.map((row) => ({ value: String(row.id), label: row.name }));
}
