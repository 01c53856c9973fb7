/**
 * Text a caller sends never holds NUL or another C0 control character (nor DEL): PostgreSQL
 * refuses NUL in text, and the others only hide things from people and logs. Tab, CR and LF are
 * left to each field's own schema, so a multi-line text may keep them. The server applies this
 * rule to every string of every request (path, query, body), keys included, before the route's
 * schema runs, so each field is a 400 naming it.
 */

export const controlCharacterMessage =
  "This text contains a control character (such as NUL) that is not allowed.";

// C0 controls except tab (\u0009), LF (\u000A) and CR (\u000D), and DEL.
// eslint-disable-next-line no-control-regex
const controlCharacterPattern = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(value: string): boolean {
  return controlCharacterPattern.test(value);
}

/**
 * The paths of the strings (and object keys) in a parsed request part that hold a control
 * character, at most `limit` of them, depth first.
 */
export function findControlCharacters(value: unknown, limit = 20): (string | number)[][] {
  const found: (string | number)[][] = [];
  const visit = (item: unknown, path: (string | number)[], depth: number): void => {
    if (found.length >= limit) return;
    if (typeof item === "string") {
      if (hasControlCharacters(item)) found.push(path);
      return;
    }
    if (typeof item !== "object" || item === null || depth > 64) return;
    if (Array.isArray(item)) {
      item.forEach((element, index) => visit(element, [...path, index], depth + 1));
      return;
    }
    for (const [key, element] of Object.entries(item)) {
      if (found.length >= limit) return;
      if (hasControlCharacters(key)) {
        found.push([...path, key]);
        continue;
      }
      visit(element, [...path, key], depth + 1);
    }
  };
  visit(value, [], 0);
  return found;
}
