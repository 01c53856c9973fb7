/**
 * RFC 9110 §13.1.2 If-None-Match: true when the header names `entityTag` or is `*`. The
 * comparison is weak (a `W/` prefix is ignored), as the RFC asks for this header; the header may
 * list several tags.
 */
export function matchesEntityTag(ifNoneMatch: string | undefined, entityTag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((candidate) => candidate.trim().replace(/^W\//, ""))
    .some((candidate) => candidate === entityTag || candidate === "*");
}
