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
/** A group that has had its primary course: the booster alone (decision 421). */
const primedOnly = { herdStatus: "primed" } as const;

/** The first Heptavac P Plus dose of a flock starting out, 6 weeks before the pre-lambing one. */
const heptavacFirstDoseBeforeLambing = [
  VaccineId.heptavacPPlus,
  birth(-77),
  once,
  "Heptavac P Plus (1st dose)",
  startingOut,
] as const;

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
  template(4, cows, VaccineId.covexin10, birth(-35), yearly),
  template(5, cows, VaccineId.bovilisRotavecCorona, birth(-49), yearly),
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
    startingOut,
  ),
  template(
    8,
    replacementHeifers,
    VaccineId.bovilisLeptavoidH,
    breeding(-42),
    once,
    "Leptavoid-H (2nd dose)",
    startingOut,
  ),
  template(
    9,
    replacementHeifers,
    VaccineId.bovilisBvd,
    breeding(-56),
    once,
    "Bovilis BVD (1st dose)",
    startingOut,
  ),
  template(
    10,
    replacementHeifers,
    VaccineId.bovilisBvd,
    breeding(-28),
    once,
    "Bovilis BVD (2nd dose)",
    startingOut,
  ),
  template(11, replacementHeifers, VaccineId.bovilisIbrMarkerLive, breeding(-14), once),
  template(12, replacementHeifers, VaccineId.covexin10, birth(-35), once),
  template(13, replacementHeifers, VaccineId.bovilisRotavecCorona, birth(-49), once),

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
    { ...spring, ...startingOut },
  ),
  template(
    22,
    weanlings,
    VaccineId.bovilisBovipastRsp,
    birth(224),
    once,
    "Bovipast RSP (2nd dose)",
    { ...spring, ...startingOut },
  ),
  template(23, weanlings, VaccineId.covexin10, birth(238), once, "Covexin 10 (booster)"),
  template(24, weanlings, VaccineId.bovilisIbrMarkerLive, birth(273), once, "IBR Marker Live (IM)"),

  // Ewes.
  template(25, ewes, VaccineId.footvax, breeding(-42), yearly, "Footvax (before tupping)"),
  template(26, ewes, VaccineId.scabivaxForte, birth(-56), yearly),
  template(27, ewes, VaccineId.heptavacPPlus, birth(-35), yearly, "Heptavac P Plus (pre-lambing)"),
  // Outside the lambing blackout of 4 weeks either side of each ewe's lambing (S19): 4 weeks after
  // the last ewe of a 6-week lambing block.
  template(28, ewes, VaccineId.footvax, birth(70), yearly, "Footvax (after lambing)"),
  template(29, ewes, VaccineId.enzovax, breeding(-56), everyThreeYears),

  // Hoggets (first-time breeders). Enzovax and Toxovax share a day, at separate sites, as the
  // Enzovax SPC allows.
  template(30, hoggets, VaccineId.footvax, breeding(-84), once, "Footvax (1st dose)", startingOut),
  template(31, hoggets, VaccineId.footvax, breeding(-42), once, "Footvax (2nd dose)", startingOut),
  template(32, hoggets, VaccineId.enzovax, breeding(-70), once),
  template(33, hoggets, VaccineId.toxovax, breeding(-70), once),
  template(34, hoggets, ...heptavacFirstDoseBeforeLambing),
  template(
    35,
    hoggets,
    VaccineId.heptavacPPlus,
    birth(-35),
    once,
    "Heptavac P Plus (2nd dose)",
    startingOut,
  ),

  // Lamb: lambs of ewes boosted before lambing. Sources differ: the UK SPC starts them at 10 to
  // 12 weeks, the maker's Irish leaflet gives about 3 weeks of passive cover (pasteurella up to
  // 4). The window offers both; the preferred day is the safer, earlier one (issue 24; S14, S23).
  // Lambs of other ewes start at 3 weeks (templates 64 and 65).
  template(36, lamb, VaccineId.scabivaxForte, birth(1), once),
  template(
    37,
    lamb,
    VaccineId.heptavacPPlus,
    birth(21),
    once,
    "Heptavac P Plus (1st dose)",
    ewesBoosted,
  ),
  template(
    38,
    lamb,
    VaccineId.heptavacPPlus,
    birth(63),
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
  // The cows' 6-month IBR dose comes at 20 weeks, inside the 6 months one dose covers (S3), so it
  // stays 14 days clear of the Bovivac S course for the calving after (about 17 weeks before it).
  template(
    45,
    cows,
    VaccineId.bovilisIbrMarkerLive,
    breeding(140),
    once,
    "IBR Marker Live (6-month dose)",
    startingOut,
  ),
  template(46, cows, VaccineId.covexin10, birth(-63), once, "Covexin 10 (1st dose)", startingOut),
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
    startingOut,
  ),
  template(
    50,
    replacementHeifers,
    VaccineId.bovilisHuskvac,
    breeding(-112),
    once,
    "Huskvac (1st dose)",
    { ...spring, ...startingOut },
  ),
  template(
    51,
    replacementHeifers,
    VaccineId.bovilisHuskvac,
    breeding(-84),
    once,
    "Huskvac (2nd dose)",
    { ...spring, ...startingOut },
  ),
  template(
    52,
    replacementHeifers,
    VaccineId.bovilisHuskvac,
    breeding(91),
    once,
    "Huskvac (1st dose)",
    { ...autumn, ...startingOut },
  ),
  template(
    53,
    replacementHeifers,
    VaccineId.bovilisHuskvac,
    breeding(119),
    once,
    "Huskvac (2nd dose)",
    { ...autumn, ...startingOut },
  ),

  // Autumn-born calves: lungworm in spring, before their first turnout (S9).
  template(54, calves, VaccineId.bovilisHuskvac, birth(182), once, "Huskvac (1st dose)", autumn),
  template(55, calves, VaccineId.bovilisHuskvac, birth(210), once, "Huskvac (2nd dose)", autumn),
  // Calves on farms with confirmed salmonellosis: from about 3 weeks of age, 2 doses 21 days
  // apart (S11), not pushed later to clear the calves' other courses (issue 24: the weeks of
  // highest risk come first). Ringworm farms (S10: 2 doses 10–14 days apart) after the calves'
  // other courses and 14 days from them.
  template(56, calves, VaccineId.bovilisBovivacS, birth(21), once, "Bovivac S (1st dose)"),
  template(57, calves, VaccineId.bovilisBovivacS, birth(42), once, "Bovivac S (2nd dose)"),
  template(58, calves, VaccineId.bovilisRingvac, birth(154), once, "Ringvac (1st dose)"),
  template(59, calves, VaccineId.bovilisRingvac, birth(168), once, "Ringvac (2nd dose)"),

  // Autumn-born weanlings: the pneumonia course before weaning or housing in their first winter,
  // from 6 weeks old when the dam's antibodies no longer blunt it (S6), at 7 and 11 weeks: the
  // same calves' Covexin 10 course (their calendar, +35 and +63) stays 14 days clear (S25,
  // decision 420).
  template(
    60,
    weanlings,
    VaccineId.bovilisBovipastRsp,
    birth(49),
    once,
    "Bovipast RSP (1st dose)",
    { ...autumn, ...startingOut },
  ),
  template(
    61,
    weanlings,
    VaccineId.bovilisBovipastRsp,
    birth(77),
    once,
    "Bovipast RSP (2nd dose)",
    { ...autumn, ...startingOut },
  ),

  // Ewe replacements: Toxovax at least 3 weeks before tupping, with their Enzovax (S18). One dose
  // lasts a ewe's life, but each year brings new replacements, so the flock's calendar repeats it.
  template(62, ewes, VaccineId.toxovax, breeding(-56), yearly, "Toxovax (replacement ewes)"),
  // Ewes starting out: the first clostridial dose 6 weeks before the pre-lambing booster (S14).
  template(63, ewes, ...heptavacFirstDoseBeforeLambing),
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

  // Heifers between the weanlings' Covexin 10 booster and their own pre-calving dose: a
  // clostridial booster before breeding, so no gap is longer than the SPC's 6 to 12 months (S12;
  // decision 420). 14 days clear of the spring heifers' Huskvac course and the lepto course.
  template(
    66,
    replacementHeifers,
    VaccineId.covexin10,
    breeding(-98),
    once,
    "Covexin 10 (booster)",
  ),
  // Autumn-calving heifers: the lepto booster in the spring after their course, as the autumn
  // cows' (template 41), so they are not 17 months without one before joining the cows (S8;
  // decision 420). 14 days after their Huskvac course.
  template(
    67,
    replacementHeifers,
    VaccineId.bovilisLeptavoidH,
    breeding(133),
    once,
    "Leptavoid-H (spring booster)",
    autumn,
  ),
  // Groups answered on step 1 (decision 421). Where the protocol's course is the group's by
  // default (heifers' BVD and lepto, weanlings' pneumonia, hoggets' clostridial and Footvax), a
  // group that had it gets the booster a primed cow, weanling or ewe gets, on the course's last
  // day. Where the booster is the default (heifers' and weanlings' clostridial after the calves'
  // course, rams, ewes' Footvax), a group with no course gets its first dose before the booster.
  template(
    68,
    replacementHeifers,
    VaccineId.bovilisBvd,
    breeding(-28),
    once,
    "Bovilis BVD (booster)",
    primedOnly,
  ),
  template(
    69,
    replacementHeifers,
    VaccineId.bovilisLeptavoidH,
    breeding(-42),
    once,
    "Leptavoid-H (booster)",
    primedOnly,
  ),
  template(
    70,
    replacementHeifers,
    VaccineId.covexin10,
    breeding(-140),
    once,
    "Covexin 10 (1st dose)",
    startingOut,
  ),
  template(
    71,
    weanlings,
    VaccineId.covexin10,
    birth(210),
    once,
    "Covexin 10 (1st dose)",
    startingOut,
  ),
  template(
    72,
    weanlings,
    VaccineId.bovilisBovipastRsp,
    birth(224),
    once,
    "Bovipast RSP (booster)",
    { ...spring, ...primedOnly },
  ),
  template(73, weanlings, VaccineId.bovilisBovipastRsp, birth(77), once, "Bovipast RSP (booster)", {
    ...autumn,
    ...primedOnly,
  }),
  template(
    74,
    hoggets,
    VaccineId.heptavacPPlus,
    birth(-35),
    once,
    "Heptavac P Plus (pre-lambing)",
    primedOnly,
  ),
  template(75, hoggets, VaccineId.footvax, breeding(-42), once, "Footvax (booster)", primedOnly),
  template(
    76,
    ram,
    VaccineId.heptavacPPlus,
    breeding(-84),
    once,
    "Heptavac P Plus (1st dose)",
    startingOut,
  ),
  template(77, ram, VaccineId.footvax, breeding(-98), once, "Footvax (1st dose)", startingOut),
  template(78, ewes, VaccineId.footvax, breeding(-84), once, "Footvax (1st dose)", startingOut),
];

/** A template's window: earliest and latest day from its anchor, and where they come from. */
type TemplateWindow = readonly [earliest: number, latest: number, source: string];

/** No limit found beyond the preferred day: a one-day window, so nothing is invented. */
const oneDay = (day: number, source: string): TemplateWindow => [day, day, source];

const leptoBeforeBreeding =
  "Leptavoid-H SPC (S8; the 2-week rule from a retailer's SPC copy, M): not within 2 weeks of breeding. No earlier limit found: the window opens on the preferred day.";
const covexinBeforeBirth =
  "Covexin 10 SPC (S12): the pre-calving booster 8 to 2 weeks before calving. Preferred 5 weeks before the start of calving, so cows calving in the first 3 weeks of the block are inside it, 14 days clear of Rotavec and Bovivac S (AHI, S25).";
const rotavecBeforeBirth =
  "Rotavec Corona SPC (S7): 12 to 3 weeks before calving. Preferred 7 weeks before the start of calving, so cows calving in the first 5 weeks of the block are inside it.";
const heptavacBeforeLambing = "Heptavac P Plus SPC (S14): 6 to 4 weeks before lambing.";
const enzovaxBeforeTupping =
  "Enzovax SPC (S16): within 4 months before tupping and at least 4 weeks before it.";
const toxovaxBeforeTupping =
  "Toxovax SPC (S18): within 4 months before tupping and at least 3 weeks before it.";
const footvaxByRisk =
  "No window found: the Footvax SPC (S19) times boosters by footrot risk, not by tupping. One day.";
const huskvacBeforeGrazing =
  "No dated window found: the Huskvac SPC (S9) gives the course in the spring before exposure, the 2nd dose at least 2 weeks before turnout. One day.";
const ibrNoTiming =
  "No window found: the IBR Marker Live SPC (S3) sets no timing against breeding. One day.";

/**
 * Every template's window (docs/decisions/411), in days from the same date as its preferred day,
 * from the product's SPC as the reference document cites it ([Sn]). Where the SPC gives an age or
 * a gap from another dose, the window is that age or gap counted from the preferred day of the
 * dose before. Where no limit was found on one side, the window ends on the preferred day there;
 * with none found on either side, it is the preferred day alone.
 */
const templateWindows: Readonly<Record<number, TemplateWindow>> = {
  1: [-42, -14, leptoBeforeBreeding],
  2: oneDay(
    -28,
    "Bovilis BVD SPC (S1): one dose 4 weeks before each gestation; a later dose does not protect. No earlier limit found.",
  ),
  3: oneDay(-14, ibrNoTiming),
  4: [-56, -14, covexinBeforeBirth],
  5: [-84, -21, rotavecBeforeBirth],
  6: [-28, -21, "Bovivac S SPC (S11): 4 to 3 weeks before calving."],
  7: [-84, -70, "Leptavoid-H SPC (S8): 2 doses 4–6 weeks apart: 4 to 6 weeks before the 2nd."],
  8: [-42, -14, leptoBeforeBreeding],
  9: oneDay(-56, "Bovilis BVD SPC (S1): 2 doses 4 weeks apart: 4 weeks before the 2nd."),
  10: oneDay(
    -28,
    "Bovilis BVD SPC (S1): the 2nd dose 4 weeks after the 1st and at the latest 4 weeks before gestation starts.",
  ),
  11: oneDay(-14, ibrNoTiming),
  12: [-56, -14, covexinBeforeBirth],
  13: [-84, -21, rotavecBeforeBirth],
  14: [0, 7, "INtranasal RSP Live SPC (S5): from the day of birth, 5–7 days before stress."],
  15: [
    14,
    21,
    "IBR Marker Live SPC (S3): intranasal from 2 weeks of age. No later limit found before the 3-month dose.",
  ],
  16: [14, 35, "Covexin 10 SPC (S12): from 2 weeks of age. No later limit found."],
  17: [63, 77, "Covexin 10 SPC (S12): 4–6 weeks after the 1st dose."],
  18: [
    56,
    77,
    "Huskvac SPC (S9): from 8 weeks of age. No later limit found (the 2nd dose at least 2 weeks before turnout).",
  ],
  19: oneDay(105, "Huskvac SPC (S9): 4 weeks after the 1st dose."),
  20: [91, 122, "IBR Marker Live SPC (S3): calves are revaccinated at 3–4 months of age."],
  21: [
    42,
    196,
    "Bovipast RSP SPC (S6): the dam's antibodies blunt the response up to 6 weeks of age; the course is finished before weaning or housing. No later limit found.",
  ],
  22: oneDay(224, "Bovipast RSP SPC (S6): 4 weeks after the 1st dose."),
  23: oneDay(
    238,
    "No window in this calendar: the Covexin 10 SPC (S12) booster every 6–12 months counts from the calves' course, in their own calendar. One day.",
  ),
  24: oneDay(
    273,
    "IBR Marker Live SPC (S3): revaccination 6 months after the calves' 3-month dose.",
  ),
  25: oneDay(-42, footvaxByRisk),
  26: [
    -56,
    -49,
    "Scabivax Forte SPC (S20): not less than 7 weeks before lambing. No earlier limit found.",
  ],
  27: [-42, -28, heptavacBeforeLambing],
  28: [
    28,
    70,
    "Footvax SPC (S19): not from 4 weeks before to 4 weeks after each ewe's lambing. Preferred 10 weeks after the start of lambing: 4 weeks after the last ewe of a 6-week block (Irish advice splits longer blocks into groups, S23). No later limit found.",
  ],
  29: [-120, -28, enzovaxBeforeTupping],
  30: oneDay(-84, footvaxByRisk),
  31: oneDay(-42, "Footvax SPC (S19): 2 doses 6 weeks apart."),
  32: [-120, -28, enzovaxBeforeTupping],
  33: [-120, -21, toxovaxBeforeTupping],
  34: [
    -77,
    -63,
    "Heptavac P Plus SPC (S14): 2 doses 4–6 weeks apart: 4 to 6 weeks before the 2nd.",
  ],
  35: [-42, -28, heptavacBeforeLambing],
  36: oneDay(1, "Scabivax Forte SPC (S20): lambs from 1 day of age. No later limit found."),
  37: [
    21,
    84,
    "Lambs of boosted ewes; sources differ, so both are offered. From about 3 weeks of age where pasteurella strikes young lambs: the maker's Irish leaflet gives about 3 weeks of passive clostridial cover from the ewe, pasteurella up to 4 (S14, S23). Up to 10 to 12 weeks where the ewes were well vaccinated and pasteurella comes later: the UK SPC (S14). Preferred at 3 weeks, the safer choice: no weeks without cover.",
  ],
  38: [
    49,
    126,
    "Heptavac P Plus SPC (S14): 4–6 weeks after the 1st dose, wherever in its window the 1st dose falls (3 to 12 weeks of age). Preferred 6 weeks after the 1st dose's preferred day.",
  ],
  39: oneDay(-56, footvaxByRisk),
  40: oneDay(
    -42,
    "No window found: the Heptavac P Plus SPC (S14) gives rams a yearly booster with no timing against tupping. One day.",
  ),
  41: oneDay(
    120,
    "Leptavoid-H (S8): the booster in spring whatever the calving season; no dated window found. One day.",
  ),
  42: [-84, -70, "Leptavoid-H SPC (S8): 2 doses 4–6 weeks apart: 4 to 6 weeks before the booster."],
  43: [78, 92, "Leptavoid-H SPC (S8): 2 doses 4–6 weeks apart: 4 to 6 weeks before the booster."],
  44: oneDay(-56, "Bovilis BVD SPC (S1): 2 doses 4 weeks apart: 4 weeks before the booster."),
  45: [
    140,
    168,
    "IBR Marker Live SPC (S3): inside the 6 months the dose before breeding covers (breeding −14 + 182 days). No earlier limit found.",
  ],
  46: [-77, -63, "Covexin 10 SPC (S12): 2 doses 4–6 weeks apart: 4 to 6 weeks before the booster."],
  47: oneDay(-119, "Bovivac S SPC (S11): 2 doses 21 days apart: 21 days before the 2nd."),
  48: oneDay(
    -98,
    "Bovivac S SPC (S11): 21 days after the 1st dose, more than 8 weeks before calving, so the dose 3–4 weeks before calving follows.",
  ),
  49: oneDay(
    169,
    "IBR Marker Live SPC (S3): revaccination 6 months after the first dose (breeding −14).",
  ),
  50: oneDay(-112, huskvacBeforeGrazing),
  51: oneDay(-84, huskvacBeforeGrazing),
  52: oneDay(91, huskvacBeforeGrazing),
  53: oneDay(119, huskvacBeforeGrazing),
  54: oneDay(182, huskvacBeforeGrazing),
  55: oneDay(210, huskvacBeforeGrazing),
  56: oneDay(
    21,
    "Bovivac S SPC (S11): calves from about 3 weeks of age, 2 ml, the course before the weeks of highest risk; the 2nd dose 21 days later. One day: a later start is the vet's call.",
  ),
  57: oneDay(42, "Bovivac S SPC (S11): 21 days after the 1st dose."),
  58: [14, 154, "Ringvac SPC (S10): calves from 2 weeks of age. No later limit found."],
  59: [164, 168, "Ringvac SPC (S10): 10–14 days after the 1st dose."],
  60: [
    42,
    49,
    "Bovipast RSP SPC (S6): once the dam's antibodies wane at 6 weeks of age. No later limit found (before housing). Preferred at 7 weeks, 14 days from the calves' Covexin 10 doses (S25, decision 420).",
  ],
  61: oneDay(77, "Bovipast RSP SPC (S6): 4 weeks after the 1st dose."),
  62: [-120, -21, toxovaxBeforeTupping],
  63: [
    -77,
    -63,
    "Heptavac P Plus SPC (S14): 2 doses 4–6 weeks apart: 4 to 6 weeks before the pre-lambing booster.",
  ],
  64: oneDay(
    21,
    "Heptavac P Plus SPC (S14) and Irish advice (S23): from 3 weeks of age, when the passive cover of about 3 weeks ends (maker's Irish leaflet). No later limit found.",
  ),
  65: [49, 63, "Heptavac P Plus SPC (S14, S23): 4–6 weeks after the 1st dose."],
  66: oneDay(
    -98,
    "Covexin 10 SPC (S12): a booster every 6 to 12 months. No window against breeding found: placed so the weanlings' booster (birth +238) and the pre-calving dose (calving −35) are each within 12 months of it (decision 420). One day.",
  ),
  67: oneDay(
    133,
    "Leptavoid-H SPC (S8): a yearly booster, in spring. No dated window found: placed so the course before breeding and the autumn cows' spring booster (template 41) are each within 12 months of it (decision 420). One day.",
  ),
  68: oneDay(
    -28,
    "Bovilis BVD SPC (S1): heifers that had the course get the one dose 4 weeks before each gestation, as the cows. No earlier limit found.",
  ),
  69: [-42, -14, leptoBeforeBreeding],
  70: [
    -140,
    -126,
    "Covexin 10 SPC (S12): 2 doses 4–6 weeks apart: 4 to 6 weeks before the heifers' booster (breeding −98), 14 days clear of the spring heifers' Huskvac course (breeding −112, S25).",
  ],
  71: oneDay(
    210,
    "Covexin 10 SPC (S12): 2 doses 4–6 weeks apart: 4 weeks before the weanlings' booster (birth +238), 14 days clear of the spring weanlings' Bovipast RSP course (birth +196 and +224, S25). One day.",
  ),
  72: oneDay(
    224,
    "Bovipast RSP SPC (S6): weanlings that had the course get a single dose before the next risk period, on the course's last day, before housing.",
  ),
  73: oneDay(
    77,
    "Bovipast RSP SPC (S6): weanlings that had the course get a single dose before the next risk period, on the course's last day, before housing.",
  ),
  74: [-42, -28, heptavacBeforeLambing],
  75: oneDay(-42, footvaxByRisk),
  76: [
    -84,
    -70,
    "Heptavac P Plus SPC (S14): 2 doses 4–6 weeks apart: 4 to 6 weeks before the rams' yearly booster (tupping −42), 14 days clear of their Footvax doses (S25).",
  ],
  77: oneDay(
    -98,
    "Footvax SPC (S19): 2 doses 6 weeks apart: 6 weeks before the rams' booster (tupping −56).",
  ),
  78: oneDay(
    -84,
    "Footvax SPC (S19): 2 doses 6 weeks apart: 6 weeks before the ewes' booster before tupping (tupping −42).",
  ),
};

/**
 * Calves' Huskvac, only where the calves graze with lungworm risk (decision 415): by default on
 * dairy farms (replacements), on suckler farms when the farmer says so. Spring-born suckler calves
 * graze with their dams, and the course would keep them off grass until mid-June (S9; SAC finds
 * it impractical). Shipped beside the windows; stored since migration 0021.
 */
const lungwormRiskOnlyTemplateIds: ReadonlySet<number> = new Set([18, 19, 54, 55]);

/** A template's window fields (decision 411), as ShotTemplate carries them. */
export type ShotTemplateWindow = Required<
  Pick<ShotTemplate, "earliest_days" | "latest_days" | "source_note">
>;

/**
 * The templates given, each with its shipped window and source (decision 411) and calves'
 * Huskvac's lungworm scope (decision 415), matched by id: a
 * template the data does not ship keeps no window. `shotTemplates` has none; the server seeds
 * this set, so the database stores both (migrations 0020 and 0021).
 */
export function withTemplateWindows<Template extends Pick<ShotTemplate, "id">>(
  templates: readonly Template[],
): (Template & Partial<ShotTemplateWindow> & Pick<ShotTemplate, "lungworm_risk_only">)[] {
  return templates.map((template) => {
    // Said of every template, as the database's column (migration 0021) says it.
    const scoped = {
      ...template,
      lungworm_risk_only: lungwormRiskOnlyTemplateIds.has(template.id),
    };
    const window = templateWindows[template.id];
    if (window === undefined) return scoped;
    const [earliest_days, latest_days, source_note] = window;
    return { ...scoped, earliest_days, latest_days, source_note };
  });
}

/** Every shipped template with its window and source. */
export const windowedShotTemplates: ShotTemplate[] = withTemplateWindows(shotTemplates);
