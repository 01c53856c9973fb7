import { AdminDiseaseAnimalSchema, adminPaths, type DiseaseAnimalInput } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { withId } from "./admin-api-paths.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";

export type DiseaseAnimalKey = { diseaseId: number; animalId: number };

/** PUT /api/admin/disease-animals/:diseaseId/:animalId: the default product and question. */
export function saveDiseaseAnimal({
  diseaseId,
  animalId,
  input,
}: DiseaseAnimalKey & { input: DiseaseAnimalInput }) {
  return sendJson(
    withId(adminPaths.diseaseAnimal, { diseaseId, animalId }),
    AdminDiseaseAnimalSchema,
    input,
    { method: "PUT" },
  );
}

export function useSaveDiseaseAnimal() {
  return useAdminMutation(saveDiseaseAnimal, adminQueryKeys.protocols());
}
