import {
  ShotTemplateInputSchema,
  type AdminShotTemplate,
  type HerdStatus,
  type ShotTemplateInput,
} from "@vaxcal/contracts";

/*
 * The shot template form's values as the inputs hold them (text), and the one conversion to the
 * contracts' `ShotTemplateInput`, checked by the schema the server uses, so the messages beside
 * the fields are the server's own.
 */

export type Anchor = "birth" | "breeding";

export type ShotTemplateFormValues = {
  anchor: Anchor;
  days: string;
  custom_name: string;
  is_recurrent: string;
  herd_status: "" | HerdStatus;
  season_id: string;
  /** The window's ends in days from the same date (decision 414); empty: none that side. */
  earliest_days: string;
  latest_days: string;
  source_note: string;
};

/** Messages by form field: `days`, `custom_name`, `is_recurrent`, `herd_status`, `season_id`. */
export type TemplateFieldMessages = Partial<Record<keyof ShotTemplateFormValues | "form", string>>;

export function emptyTemplateForm(): ShotTemplateFormValues {
  return {
    anchor: "breeding",
    days: "",
    custom_name: "",
    is_recurrent: "1",
    herd_status: "",
    season_id: "",
    earliest_days: "",
    latest_days: "",
    source_note: "",
  };
}

export function toTemplateForm(template: AdminShotTemplate): ShotTemplateFormValues {
  const anchor: Anchor = template.birth_days !== null ? "birth" : "breeding";
  return {
    anchor,
    days: String(template.birth_days ?? template.breeding_days ?? ""),
    custom_name: template.custom_name ?? "",
    is_recurrent: String(template.is_recurrent),
    herd_status: template.herd_status ?? "",
    season_id: template.season_id === null ? "" : String(template.season_id),
    earliest_days: toOptionalText(template.earliest_days),
    latest_days: toOptionalText(template.latest_days),
    source_note: template.source_note ?? "",
  };
}

function toOptionalText(days: number | null | undefined): string {
  return days === null || days === undefined ? "" : String(days);
}

function parseWhole(text: string): number {
  return /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** An empty box is no limit on that side. */
function parseOptionalWhole(text: string): number | null {
  return text.trim() === "" ? null : parseWhole(text);
}

/** Which form field a server or schema path names (`body.template.breeding_days` → `days`). */
export function toTemplateField(path: string): keyof TemplateFieldMessages {
  const field = path.replace(/^(body\.)?(template\.)?/, "");
  if (field === "birth_days" || field === "breeding_days") return "days";
  if (
    field === "custom_name" ||
    field === "is_recurrent" ||
    field === "herd_status" ||
    field === "season_id" ||
    field === "earliest_days" ||
    field === "latest_days" ||
    field === "source_note"
  ) {
    return field;
  }
  return "form";
}

export function toTemplateInput(
  form: ShotTemplateFormValues,
  ids: { vaccine_id: number; animal_id: number },
): { input: ShotTemplateInput; messages?: undefined } | { messages: TemplateFieldMessages } {
  const days = parseWhole(form.days);
  const candidate = {
    ...ids,
    birth_days: form.anchor === "birth" ? days : null,
    breeding_days: form.anchor === "breeding" ? days : null,
    custom_name: form.custom_name,
    is_recurrent: parseWhole(form.is_recurrent),
    herd_status: form.herd_status === "" ? null : form.herd_status,
    season_id: form.season_id === "" ? null : Number(form.season_id),
    earliest_days: parseOptionalWhole(form.earliest_days),
    latest_days: parseOptionalWhole(form.latest_days),
    source_note: form.source_note,
  };
  const result = ShotTemplateInputSchema.safeParse(candidate);
  if (result.success) return { input: candidate };
  const messages: TemplateFieldMessages = {};
  for (const issue of result.error.issues) {
    const field = toTemplateField(issue.path.join("."));
    messages[field] ??= issue.message;
  }
  return { messages };
}

/** "28 days before breeding", "the birth date", "7 days after birth". */
export function describeOffset(template: Pick<AdminShotTemplate, "birth_days" | "breeding_days">) {
  const anchor = template.birth_days !== null ? "birth" : "breeding";
  const days = template.birth_days ?? template.breeding_days ?? 0;
  if (days === 0) return `on the ${anchor} date`;
  const count = Math.abs(days);
  return `${count} ${count === 1 ? "day" : "days"} ${days < 0 ? "before" : "after"} ${anchor}`;
}

/** "-84 to -21 days from birth" (an end not set is the preferred day), or "None". */
export function describeWindow(
  template: Pick<
    AdminShotTemplate,
    "birth_days" | "breeding_days" | "earliest_days" | "latest_days"
  >,
): string {
  const earliest = template.earliest_days ?? null;
  const latest = template.latest_days ?? null;
  if (earliest === null && latest === null) return "None";
  const anchor = template.birth_days !== null ? "birth" : "breeding";
  const days = template.birth_days ?? template.breeding_days ?? 0;
  return `${earliest ?? days} to ${latest ?? days} days from ${anchor}`;
}

export function describeRecurrence(isRecurrent: number): string {
  if (isRecurrent === 0) return "Once";
  return isRecurrent === 1 ? "Every year" : `Every ${isRecurrent} years`;
}

export const herdStatusLabels = {
  "": "Every herd",
  unprimed: "Primary course: only a herd that has not had it",
  primed: "Only a herd that has had the primary course",
} as const;
