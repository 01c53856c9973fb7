/**
 * A saved calendar's PDF or preview: binary answers behind the bearer token (docs/product.md §7).
 */
export { fetchFileWithSession as fetchCalendarFile } from "../../../lib/file-download.ts";
