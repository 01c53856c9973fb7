import type { HerdStatus, ShotTemplateInput } from "@vaxcal/schedule";
import { isSameSecret, signWithSecret } from "../../../lib/tokens.ts";

/*
 * Decision 405: a column's protocol stamp. The scoped diseases call computes a column's shots from
 * its vaccine's shot templates for the animal; the stamp carries exactly those templates (as a
 * saved column keeps them in `calendar_diseases.protocol`), signed with the app's secret. The
 * browser keeps it in its draft and sends it back with the save, so a calendar made before an
 * admin changed the protocol and saved after it stores the protocol its dates came from, and its
 * farmer is told at once. The signature means the server stores only a protocol it handed out
 * itself: a stamp it did not sign is refused.
 *
 * A stamp names the column too (its disease and the vaccine the call gave it), so it proves which
 * vaccine the disease had for the animal when the shots were made: a calendar made just before an
 * admin changed a disease's default product still saves with the product its shots are for, and
 * is told of the change at once.
 *
 * Form: `p1.<payload>.<signature>`, the payload `[diseaseId, vaccineId, templates]` as compact
 * JSON (each template a tuple) in base64url, the signature HMAC-SHA256(secret,
 * "vaxcal-protocol-stamp:p1." + payload).
 */

const version = "p1";
const stampPattern = /^p1\.([A-Za-z0-9_-]{1,8000})\.([A-Za-z0-9_-]{43})$/;

type TemplateTuple = [
  id: number,
  vaccineId: number,
  animalId: number,
  birthDays: number | null,
  breedingDays: number | null,
  customName: string | null,
  isRecurrent: number,
  herdStatus: HerdStatus | null,
  seasonId: number | null,
];

function sign(secret: string, payload: string): string {
  return signWithSecret(secret, `vaxcal-protocol-stamp:${version}.${payload}`);
}

/** One column's protocol as a stamp carries it. */
export type StampedProtocol = {
  diseaseId: number;
  vaccineId: number;
  /** What `selectColumnProtocol` returns for the vaccine and the animal. */
  protocol: ShotTemplateInput[];
};

/** The stamp of a column's protocol. */
export function createProtocolStamp(
  secret: string,
  { diseaseId, vaccineId, protocol }: StampedProtocol,
): string {
  const tuples: TemplateTuple[] = protocol.map((template) => [
    template.id,
    template.vaccine_id,
    template.animal_id,
    template.birth_days,
    template.breeding_days,
    template.custom_name,
    template.is_recurrent,
    template.herd_status ?? null,
    template.season_id ?? null,
  ]);
  const payload = Buffer.from(JSON.stringify([diseaseId, vaccineId, tuples]), "utf8").toString(
    "base64url",
  );
  return `${version}.${payload}.${sign(secret, payload)}`;
}

const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);
const isIntegerOrNull = (value: unknown): value is number | null =>
  value === null || isInteger(value);

function readTuple(value: unknown): ShotTemplateInput | null {
  if (!Array.isArray(value) || value.length !== 9) return null;
  const [id, vaccineId, animalId, birthDays, breedingDays, customName, isRecurrent, herd, season] =
    value as unknown[];
  if (!isInteger(id) || !isInteger(vaccineId) || !isInteger(animalId)) return null;
  if (!isIntegerOrNull(birthDays) || !isIntegerOrNull(breedingDays)) return null;
  if (customName !== null && typeof customName !== "string") return null;
  if (!isInteger(isRecurrent) || !isIntegerOrNull(season)) return null;
  if (herd !== null && herd !== "primed" && herd !== "unprimed") return null;
  return {
    id,
    vaccine_id: vaccineId,
    animal_id: animalId,
    birth_days: birthDays,
    breeding_days: breedingDays,
    custom_name: customName,
    is_recurrent: isRecurrent,
    herd_status: herd,
    season_id: season,
  };
}

/**
 * The column and protocol a stamp carries, or null when this server did not sign it (forged,
 * altered, or signed with another secret).
 */
export function readProtocolStamp(secret: string, stamp: string): StampedProtocol | null {
  const match = stampPattern.exec(stamp);
  const payload = match?.[1];
  const signature = match?.[2];
  if (payload === undefined || signature === undefined) return null;
  if (!isSameSecret(sign(secret, payload), signature)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [diseaseId, vaccineId, tuples] = parsed as unknown[];
  if (!isInteger(diseaseId) || !isInteger(vaccineId) || !Array.isArray(tuples)) return null;
  const templates = tuples.map(readTuple);
  if (!templates.every((template) => template !== null)) return null;
  return { diseaseId, vaccineId, protocol: templates as ShotTemplateInput[] };
}
