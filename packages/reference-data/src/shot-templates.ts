import type { HerdStatus, ShotTemplate } from "@vaxcal/contracts";
import { AnimalId } from "./enterprises-animals.ts";
import { SeasonId } from "./seasons.ts";
import { VaccineId } from "./vaccines.ts";

/** How often a template repeats: 0 once, 1 every year, N every N years (docs/product.md §3). */
export const Recurrence = { once: 0, yearly: 1, everyThreeYears: 3 } as const;

type Anchor =
  { birth_days: number; breeding_days: null } | { birth_days: null; breeding_days: number };

/** Days from the birth date (for adults, the start of calving or lambing). */
const birth = (days: number): Anchor => ({ birth_days: days, breeding_days: null });
/** Days from the breeding (tupping) date. */
const breeding = (days: number): Anchor => ({ birth_days: null, breeding_days: days });

interface TemplateScope {
  /** Only for this herd status of the disease (docs/product.md §3 "Herd status"). */
  readonly herdStatus?: HerdStatus;
  /** Only in this season. */
  readonly seasonId?: SeasonId;
}

const template = (
  id: number,
  animal_id: AnimalId,
  vaccine_id: VaccineId,
  anchor: Anchor,
  is_recurrent: number,
  custom_name: string | null = null,
  scope: TemplateScope = {},
): ShotTemplate => ({
  id,
  animal_id,
  vaccine_id,
  ...anchor,
  custom_name,
  is_recurrent,
  herd_status: scope.herdStatus ?? null,
  season_id: scope.seasonId ?? null,
});

const { cows, replacementHeifers, weanlings, calves, ewes, lamb, hoggets, ram } = AnimalId;
const { once, yearly, everyThreeYears } = Recurrence;
const spring = { seasonId: SeasonId.springCalving } as const;
const autumn = { seasonId: SeasonId.autumnCalving } as const;
/** A herd starting out: the primary course laid out before the boosters every herd gets. */
const startingOut = { herdStatus: "unprimed" } as const;
/** Lambs of ewes boosted before lambing (their status question is about the ewes). */
const ewesBoosted = { herdStatus: "primed" } as const;

/**
 * Exactly the reference document's "Proposed seed dataset" template table. Optional shots
 * (Bovivac S, Footvax, Scabivax Forte, Enzovax for ewes) are templates too: they appear only when
 * the farmer ticks their disease, whose footnote carries the caveat. The document's optional
 * second IBR dose at breeding +169 for 6-monthly herds is left to the farmer to add, so that a
 * yearly herd is not shown a dose it does not need.
 */
export const shotTemplates: ShotTemplate[] = [
  // Cows: pre-breeding boosters, then pre-calving boosters, every year.
  template(1, cows, VaccineId.bovilisLeptavoidH, breeding(-42), yearly, null, spring),
  template(2, cows, VaccineId.bovilisBvd, breeding(-28), yearly),
  template(3, cows, VaccineId.bovilisIbrMarkerLive, breeding(-14), yearly),
  template(4, cows, VaccineId.covexin10, birth(-56), yearly),
  template(5, cows, VaccineId.bovilisRotavecCorona, birth(-35), yearly),
  template(6, cows, VaccineId.bovilisBovivacS, birth(-21), yearly, "Bovivac S (before calving)"),

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
  template(18, calves, VaccineId.bovilisHuskvac, birth(77), once, "Huskvac (1st dose)", spring),
  template(19, calves, VaccineId.bovilisHuskvac, birth(105), once, "Huskvac (2nd dose)", spring),
  template(20, calves, VaccineId.bovilisIbrMarkerLive, birth(91), once, "IBR Marker Live (IM)"),

  // Weanlings: the pneumonia course finished before weaning and housing.
  template(
    21,
    weanlings,
    VaccineId.bovilisBovipastRsp,
    birth(196),
    once,
    "Bovipast RSP (1st dose)",
    spring,
  ),
  template(
    22,
    weanlings,
    VaccineId.bovilisBovipastRsp,
    birth(224),
    once,
    "Bovipast RSP (2nd dose)",
    spring,
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

  // Lamb: timing for lambs of ewes boosted before lambing; lambs of other ewes start at +21.
  template(36, lamb, VaccineId.scabivaxForte, birth(1), once),
  template(
    37,
    lamb,
    VaccineId.heptavacPPlus,
    birth(70),
    once,
    "Heptavac P Plus (1st dose)",
    ewesBoosted,
  ),
  template(
    38,
    lamb,
    VaccineId.heptavacPPlus,
    birth(105),
    once,
    "Heptavac P Plus (2nd dose)",
    ewesBoosted,
  ),

  // Ram: no birth date, so both hang on the tupping date.
  template(39, ram, VaccineId.footvax, breeding(-56), yearly),
  template(40, ram, VaccineId.heptavacPPlus, breeding(-42), yearly),

  // Autumn-calving cows: the lepto booster in spring, before the main transmission season,
  // whatever the calving season (S8), at the end of March.
  template(
    41,
    cows,
    VaccineId.bovilisLeptavoidH,
    breeding(120),
    yearly,
    "Leptavoid-H (spring booster)",
    autumn,
  ),
  // Cows starting out: each primary course ends in the booster every herd gets, so the course
  // adds its first dose(s) before it. Lepto 5–6 weeks before (S8), BVD 4 weeks (S1), Covexin 4
  // weeks (S12); IBR adds the 6-month dose after the first (S3); Bovivac S 2 doses 21 days apart
  // and, more than 8 weeks later, the dose 3 weeks before calving (S11).
  template(42, cows, VaccineId.bovilisLeptavoidH, breeding(-77), once, "Leptavoid-H (1st dose)", {
    ...spring,
    ...startingOut,
  }),
  template(43, cows, VaccineId.bovilisLeptavoidH, breeding(78), once, "Leptavoid-H (1st dose)", {
    ...autumn,
    ...startingOut,
  }),
  template(
    44,
    cows,
    VaccineId.bovilisBvd,
    breeding(-56),
    once,
    "Bovilis BVD (1st dose)",
    startingOut,
  ),
  template(
    45,
    cows,
    VaccineId.bovilisIbrMarkerLive,
    breeding(169),
    once,
    "IBR Marker Live (6-month dose)",
    startingOut,
  ),
  template(46, cows, VaccineId.covexin10, birth(-84), once, "Covexin 10 (1st dose)", startingOut),
  template(
    47,
    cows,
    VaccineId.bovilisBovivacS,
    birth(-119),
    once,
    "Bovivac S (1st dose)",
    startingOut,
  ),
  template(
    48,
    cows,
    VaccineId.bovilisBovivacS,
    birth(-98),
    once,
    "Bovivac S (2nd dose)",
    startingOut,
  ),

  // Heifers: a single IBR dose lasts at least 6 months; the 6-month dose makes the cows' yearly
  // booster enough (S3). Lungworm before their second grazing season (S9): spring-calving
  // heifers in January, autumn-calving heifers (bred in winter) in March.
  template(
    49,
    replacementHeifers,
    VaccineId.bovilisIbrMarkerLive,
    breeding(169),
    once,
    "IBR Marker Live (6-month dose)",
  ),
  template(
    50,
    replacementHeifers,
    VaccineId.bovilisHuskvac,
    breeding(-112),
    once,
    "Huskvac (1st dose)",
    spring,
  ),
  template(
    51,
    replacementHeifers,
    VaccineId.bovilisHuskvac,
    breeding(-84),
    once,
    "Huskvac (2nd dose)",
    spring,
  ),
  template(
    52,
    replacementHeifers,
    VaccineId.bovilisHuskvac,
    breeding(91),
    once,
    "Huskvac (1st dose)",
    autumn,
  ),
  template(
    53,
    replacementHeifers,
    VaccineId.bovilisHuskvac,
    breeding(119),
    once,
    "Huskvac (2nd dose)",
    autumn,
  ),

  // Autumn-born calves: lungworm in spring, before their first turnout (S9).
  template(54, calves, VaccineId.bovilisHuskvac, birth(182), once, "Huskvac (1st dose)", autumn),
  template(55, calves, VaccineId.bovilisHuskvac, birth(210), once, "Huskvac (2nd dose)", autumn),
  // Calves on farms with confirmed salmonellosis (S11: from about 3 weeks, 2 doses 21 days
  // apart) and on ringworm farms (S10: 2 doses 10–14 days apart), after the calves' other
  // courses and 14 days from them.
  template(56, calves, VaccineId.bovilisBovivacS, birth(119), once, "Bovivac S (1st dose)"),
  template(57, calves, VaccineId.bovilisBovivacS, birth(140), once, "Bovivac S (2nd dose)"),
  template(58, calves, VaccineId.bovilisRingvac, birth(154), once, "Ringvac (1st dose)"),
  template(59, calves, VaccineId.bovilisRingvac, birth(168), once, "Ringvac (2nd dose)"),

  // Autumn-born weanlings: the pneumonia course before weaning or housing in their first winter,
  // from 6 weeks old when the dam's antibodies no longer blunt it (S6).
  template(
    60,
    weanlings,
    VaccineId.bovilisBovipastRsp,
    birth(42),
    once,
    "Bovipast RSP (1st dose)",
    autumn,
  ),
  template(
    61,
    weanlings,
    VaccineId.bovilisBovipastRsp,
    birth(70),
    once,
    "Bovipast RSP (2nd dose)",
    autumn,
  ),

  // Ewe replacements: Toxovax at least 3 weeks before tupping, with their Enzovax (S18).
  template(62, ewes, VaccineId.toxovax, breeding(-56), once),
  // Ewes starting out: the first clostridial dose 6 weeks before the pre-lambing booster (S14).
  template(
    63,
    ewes,
    VaccineId.heptavacPPlus,
    birth(-77),
    once,
    "Heptavac P Plus (1st dose)",
    startingOut,
  ),
  // Lambs of ewes not boosted before lambing: from 3 weeks, the second 6 weeks later (S14, S23).
  template(
    64,
    lamb,
    VaccineId.heptavacPPlus,
    birth(21),
    once,
    "Heptavac P Plus (1st dose)",
    startingOut,
  ),
  template(
    65,
    lamb,
    VaccineId.heptavacPPlus,
    birth(63),
    once,
    "Heptavac P Plus (2nd dose)",
    startingOut,
  ),
];
