/**
 * How typed text is counted and recognised. Shared by the policies and the field schemas, and not
 * part of the package's public surface.
 */

/** Counts code points, so an emoji is one character as a person would count it. */
export function countCharacters(value: string): number {
  return [...value].length;
}

// A pragmatic address check: one @, no spaces, a dotted domain. Delivery proves the rest.
export const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Lower-cased so that one address is one account whatever its capitals. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * Spaces, dashes, dots and brackets are dropped; the spec sends digits only (docs/product.md §3).
 */
export function stripPhoneFormatting(value: string): string {
  return value.replace(/[\s\-.()]/g, "");
}

/** The routing key and unique identifier of an Eircode, with or without the space. */
export const eircodePattern = /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i;
