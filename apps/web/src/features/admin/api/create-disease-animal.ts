import { AdminDiseaseAnimalSchema, adminPaths, type NewDiseaseAnimal } from "@vaxcal/contracts";
import { sendJson } from "../../../lib/api-client.ts";
import { adminQueryKeys } from "./admin-query-keys.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";

/** POST /api/admin/disease-animals: offer another disease for the animal. */
export function createDiseaseAnimal(input: NewDiseaseAnimal) {
  return sendJson(adminPaths.diseaseAnimals, AdminDiseaseAnimalSchema, input);
}

export function useCreateDiseaseAnimal() {
  return useAdminMutation(createDiseaseAnimal, adminQueryKeys.protocols());
}
