import { adminPaths } from "@vaxcal/contracts";
import { z } from "zod";
import { fetchJson } from "../../../lib/api-client.ts";
import { withId } from "./admin-api-paths.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";
import type { DiseaseAnimalKey } from "./save-disease-animal.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";

/** DELETE /api/admin/disease-animals/:diseaseId/:animalId: the disease is no longer offered. */
export async function deleteDiseaseAnimal({ diseaseId, animalId }: DiseaseAnimalKey) {
  await fetchJson(withId(adminPaths.diseaseAnimal, { diseaseId, animalId }), z.unknown(), {
    method: "DELETE",
  });
}

export function useDeleteDiseaseAnimal() {
  return useAdminMutation(deleteDiseaseAnimal, adminQueryKeys.protocols());
}
