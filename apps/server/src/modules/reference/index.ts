// The reference module's public entry: its routes, and the vaccines' rules every module that
// schedules shots reads.
export { toEngineDiseases } from "./animal-offers.ts";
export { referenceRoutes } from "./reference.routes.ts";
export {
  buildAnimalVaccineInputsSql,
  createVaccinesRepository,
  readAnimalVaccineInputsRow,
  type AnimalOffer,
  type AnimalVaccineInputs,
  type AnimalVaccineInputsRow,
  type VaccinesRepository,
} from "./vaccines.repository.ts";
