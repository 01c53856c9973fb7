import type { DiseaseInput } from "@vaxcal/schedule";
import type { AnimalOffer } from "./vaccines.repository.ts";

/**
 * The animal's offers as the engine's diseases: each with its default vaccine and the answer an
 * unanswered herd status question takes (decision 421), in the offers' order.
 */
export function toEngineDiseases(offers: readonly AnimalOffer[], animalId: number): DiseaseInput[] {
  return offers.map(({ disease, vaccine, herdStatusDefault }) => ({
    id: disease.id,
    animals: [
      { animal_id: animalId, vaccine_id: vaccine.id, herd_status_default: herdStatusDefault },
    ],
  }));
}
