/*
 * The admin area's calls (docs/product.md D2). Every one needs the ADMIN role; the server answers
 * 403 otherwise, which the screens show as it is.
 */

/** `path` with each `:name` replaced by its value (`/api/admin/products/:id` → `…/products/7`). */
export function withId(path: string, values: Record<string, number>): string {
  return Object.entries(values).reduce(
    (result, [name, value]) => result.replace(`:${name}`, encodeURIComponent(String(value))),
    path,
  );
}

/** `?key=value&…` of the values that are set, or "" when none is. */
export function toSearchParams(values: Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== "" && value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}
