import {
  ErrorCode,
  referenceLists,
  type ErrorBody,
  type ReferenceListKey,
  type ReferenceLists,
} from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
import { referenceFixtures } from "./reference-fixtures.ts";

export const referenceListKeys = Object.keys(referenceLists) as ReferenceListKey[];

/** GET handlers for every reference list, answering with contract-typed data. */
export function createReferenceHandlers(lists: ReferenceLists = referenceFixtures) {
  return referenceListKeys.map((key) =>
    http.get(referenceLists[key].path, () => HttpResponse.json(lists[key])),
  );
}

/** A reference list call that fails with the contracts' error body. */
export function createFailingReferenceHandler(key: ReferenceListKey) {
  return http.get(referenceLists[key].path, () =>
    HttpResponse.json<ErrorBody>(
      { error: { code: ErrorCode.internal, message: "Internal server error" } },
      { status: 500 },
    ),
  );
}
