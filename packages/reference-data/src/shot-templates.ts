import type { ShotTemplate } from "@vaxcal/contracts";
import { AnimalId } from "./enterprises-animals.ts";
import { VaccineId } from "./vaccines.ts";

/** How often a template repeats: 0 once, 1 every year, N every N years (docs/product.md §3). */
export const Recurrence = { once: 0, yearly: 1, everyThreeYears: 3 } as const;

type Anchor =
  { birth_days: number; breeding_days: null } | { birth_days: null; breeding_days: number };

/** Days from the birth date (for adults, the start of calving or lambing). */
const birth = (days: number): Anchor => ({ birth_days: days, breeding_days: null });
/** Days from the breeding (tupping) date. */
const breeding = (days: number): Anchor => ({ birth_days: null, breeding_days: days });

const template = (
  id: number,
  animal_id: AnimalId,
  vaccine_id: VaccineId,
  anchor: Anchor,
  is_recurrent: number,
  custom_name: string | null = null,
): ShotTemplate => ({ id, animal_id, vaccine_id, ...anchor, custom_name, is_recurrent });

const { cows, replacementHeifers, weanlings, calves, ewes, lamb, hoggets, ram } = AnimalId;
const { once, yearly, everyThreeYears } = Recurrence;

/**
 * Exactly the reference document's "Proposed seed dataset" template table. Optional shots
 * (Bovivac S, Footvax, Scabivax Forte, Enzovax for ewes) are templates too: they appear only when
 * the farmer ticks their disease, whose footnote carries the caveat. The document's optional
 * second IBR dose at breeding +169 for 6-monthly herds is left to the farmer to add, so that a
 * yearly herd is not shown a dose it does not need.
 */
export const shotTemplates: ShotTemplate[] = [
  // Cows: pre-breeding boosters, then pre-calving boosters, every year.
  template(1, cows, VaccineId.bovilisLeptavoidH, breeding(-42), yearly),
  template(2, cows, VaccineId.bovilisBvd, breeding(-28), yearly),
  template(3, cows, VaccineId.bovilisIbrMarkerLive, breeding(-14), yearly),
  template(4, cows, VaccineId.covexin10, birth(-56), yearly),
  template(5, cows, VaccineId.bovilisRotavecCorona, birth(-35), yearly),
  template(6, cows, VaccineId.bovilisBovivacS, birth(-21), yearly),

  // Replacement heifers: primary courses before first breeding, then first-calving boosters.
  // All once: from then on the heifer follows the cows' protocol.
  template(
    7,
    replacementHeifers,
    VaccineId.bovilisLeptavoidH,
    breeding(-70),
    once,
    "Leptavoid-H (1st dose)",
  ),
  template(
    8,
    replacementHeifers,
    VaccineId.bovilisLeptavoidH,
    breeding(-42),
    once,
    "Leptavoid-H (2nd dose)",
  ),
  template(
    9,
    replacementHeifers,
    VaccineId.bovilisBvd,
    breeding(-56),
    once,
    "Bovilis BVD (1st dose)",
  ),
  template(
    10,
    replacementHeifers,
    VaccineId.bovilisBvd,
    breeding(-28),
    once,
    "Bovilis BVD (2nd dose)",
  ),
  template(11, replacementHeifers, VaccineId.bovilisIbrMarkerLive, breeding(-14), once),
  template(12, replacementHeifers, VaccineId.covexin10, birth(-56), once),
  template(13, replacementHeifers, VaccineId.bovilisRotavecCorona, birth(-35), once),

  // Calves.
  template(14, calves, VaccineId.bovilisIntranasalRspLive, birth(7), once),
  template(15, calves, VaccineId.bovilisIbrMarkerLive, birth(21), once, "IBR Marker Live (IN)"),
  template(16, calves, VaccineId.covexin10, birth(35), once, "Covexin 10 (1st dose)"),
  template(17, calves, VaccineId.covexin10, birth(63), once, "Covexin 10 (2nd dose)"),
  // Dairy replacements: the second dose at least 2 weeks before turnout (turnout ≥ +119).
  template(18, calves, VaccineId.bovilisHuskvac, birth(77), once, "Huskvac (1st dose)"),
  template(19, calves, VaccineId.bovilisHuskvac, birth(105), once, "Huskvac (2nd dose)"),
  template(20, calves, VaccineId.bovilisIbrMarkerLive, birth(91), once, "IBR Marker Live (IM)"),

  // Weanlings: the pneumonia course finished before weaning and housing.
  template(
    21,
    weanlings,
    VaccineId.bovilisBovipastRsp,
    birth(196),
    once,
    "Bovipast RSP (1st dose)",
  ),
  template(
    22,
    weanlings,
    VaccineId.bovilisBovipastRsp,
    birth(224),
    once,
    "Bovipast RSP (2nd dose)",
  ),
  template(23, weanlings, VaccineId.covexin10, birth(238), once, "Covexin 10 (booster)"),
  template(24, weanlings, VaccineId.bovilisIbrMarkerLive, birth(273), once, "IBR Marker Live (IM)"),

  // Ewes.
  template(25, ewes, VaccineId.footvax, breeding(-42), yearly, "Footvax (before tupping)"),
  template(26, ewes, VaccineId.scabivaxForte, birth(-56), yearly),
  template(27, ewes, VaccineId.heptavacPPlus, birth(-35), yearly, "Heptavac P Plus (pre-lambing)"),
  // Outside the lambing blackout of 4 weeks either side.
  template(28, ewes, VaccineId.footvax, birth(35), yearly, "Footvax (after lambing)"),
  template(29, ewes, VaccineId.enzovax, breeding(-56), everyThreeYears),

  // Hoggets (first-time breeders). Enzovax and Toxovax share a day, at separate sites, as the
  // Enzovax SPC allows.
  template(30, hoggets, VaccineId.footvax, breeding(-84), once, "Footvax (1st dose)"),
  template(31, hoggets, VaccineId.footvax, breeding(-42), once, "Footvax (2nd dose)"),
  template(32, hoggets, VaccineId.enzovax, breeding(-70), once),
  template(33, hoggets, VaccineId.toxovax, breeding(-70), once),
  template(34, hoggets, VaccineId.heptavacPPlus, birth(-77), once, "Heptavac P Plus (1st dose)"),
  template(35, hoggets, VaccineId.heptavacPPlus, birth(-35), once, "Heptavac P Plus (2nd dose)"),

  // Lamb: timing for lambs of vaccinated ewes; lambs of unvaccinated ewes start at +21 and +63.
  template(36, lamb, VaccineId.scabivaxForte, birth(1), once),
  template(37, lamb, VaccineId.heptavacPPlus, birth(70), once, "Heptavac P Plus (1st dose)"),
  template(38, lamb, VaccineId.heptavacPPlus, birth(105), once, "Heptavac P Plus (2nd dose)"),

  // Ram: no birth date, so both hang on the tupping date.
  template(39, ram, VaccineId.footvax, breeding(-56), yearly),
  template(40, ram, VaccineId.heptavacPPlus, breeding(-42), yearly),
];
