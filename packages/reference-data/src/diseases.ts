import type { Disease, HerdStatus } from "@vaxcal/contracts";
import { AnimalId } from "./enterprises-animals.ts";
import { VaccineId } from "./vaccines.ts";

/** Stable disease ids. The seeder updates rows by id, so never renumber; append new diseases. */
export const DiseaseId = {
  bvd: 1,
  ibr: 2,
  leptospirosis: 3,
  clostridialCattle: 4,
  calfScour: 5,
  salmonellosis: 6,
  pneumonia: 7,
  lungworm: 8,
  ringworm: 9,
  bluetongue: 10,
  clostridialAndPasteurellosisSheep: 11,
  enzooticAbortion: 12,
  toxoplasmosis: 13,
  footrot: 14,
  orf: 15,
} as const;
export type DiseaseId = (typeof DiseaseId)[keyof typeof DiseaseId];

/**
 * Step 2 lists each footnote once, with as many asterisks as its number, so diseases sharing a
 * caveat share the number.
 */
export const Footnote = {
  goingToGrass: {
    footnoteNumber: 1,
    footnote:
      "For calves and heifers going to grass. Suckler calves out with their dams: ask your vet",
  },
  orfProblemFarmsOnly: { footnoteNumber: 2, footnote: "Orf-problem farms only" },
  whereInfectionConfirmed: { footnoteNumber: 3, footnote: "Where infection is confirmed" },
  optionalDiscussWithVet: { footnoteNumber: 4, footnote: "Optional: discuss with your vet" },
  licenceRequired: {
    footnoteNumber: 5,
    footnote: "Only under a bluetongue vaccination licence: discuss with your vet",
  },
} as const;

const noFootnote = { footnote: null, footnoteNumber: null } as const;

/**
 * An animal the disease is offered for, with its default vaccine and, where the animals may or
 * may not have had the primary course, the question step 1 asks (docs/product.md §3 "Herd
 * status"): "Yes" is primed, "No" unprimed. Unanswered, the question takes its default
 * (decision 421): primed, unless the protocol lays the course out for every group of the animal
 * (heifers' BVD, IBR, lepto and lungworm, weanlings' pneumonia, hoggets' clostridial and Footvax
 * courses).
 */
const offer = (
  animal_id: AnimalId,
  vaccine_id: VaccineId,
  herd_status_question: string | null = null,
  herd_status_default: HerdStatus = "primed",
) => ({ animal_id, vaccine_id, herd_status_question, herd_status_default });

/** A question whose unanswered default is "not yet": the protocol's course is the group's. */
const courseUnlessAnswered = "unprimed" as const;

/** The herd status questions, by disease, for the animals that are asked. */
export const HerdStatusQuestion = {
  cowsBvd: "Have these cows had their first BVD course (2 doses)?",
  cowsIbr: "Have these cows had IBR vaccine before, including the dose 6 months after the first?",
  cowsLeptospirosis: "Have these cows had their first leptospirosis course (2 doses)?",
  cowsClostridial: "Have these cows had their first clostridial course (2 doses)?",
  cowsSalmonellosis: "Have these cows had their first Bovivac S course (2 doses)?",
  ewesClostridial: "Have these ewes had their first clostridial course (2 doses)?",
  lambsEwesBoosted: "Did the ewes get their clostridial booster before lambing?",
  // Decision 421: every group with a primary course is asked.
  heifersBvd: "Have these heifers had their first BVD course (2 doses)?",
  heifersIbr:
    "Have these heifers had IBR vaccine before, including the dose 6 months after the first?",
  heifersLeptospirosis: "Have these heifers had their first leptospirosis course (2 doses)?",
  heifersClostridial: "Have these heifers had their first clostridial course (2 doses)?",
  weanlingsClostridial: "Have these weanlings had their first clostridial course (2 doses)?",
  weanlingsPneumonia: "Have these weanlings had their first pneumonia course (2 doses)?",
  ewesFootrot: "Have these ewes had their first Footvax course (2 doses)?",
  hoggetsClostridial: "Have these hoggets had their first clostridial course (2 doses)?",
  hoggetsFootrot: "Have these hoggets had their first Footvax course (2 doses)?",
  ramClostridial: "Have your rams had their first clostridial course (2 doses)?",
  ramFootrot: "Have your rams had their first Footvax course (2 doses)?",
  // Decision 426: Huskvac before the heifers' second grazing season, unless done as calves.
  heifersLungworm: "Have these heifers had their lungworm vaccine (2 doses) as calves?",
} as const;

const { cows, replacementHeifers, weanlings, calves, ewes, lamb, hoggets, ram } = AnimalId;

/**
 * Which diseases each animal is offered, and the vaccine each defaults to, follow the reference
 * document's "Which diseases matter" table; the default vaccine is the product its shot templates
 * use. Bluetongue has no template: its products' schedules were not researched (S24), so its
 * column says there is no fixed schedule and the farmer adds the shots with the vet.
 */
export const diseases: Disease[] = [
  {
    id: DiseaseId.bvd,
    name: "BVD",
    desc_name: "Bovine viral diarrhoea (BVD): protects the unborn calf",
    ...noFootnote,
    animals: [
      offer(cows, VaccineId.bovilisBvd, HerdStatusQuestion.cowsBvd),
      offer(
        replacementHeifers,
        VaccineId.bovilisBvd,
        HerdStatusQuestion.heifersBvd,
        courseUnlessAnswered,
      ),
    ],
  },
  {
    id: DiseaseId.ibr,
    name: "IBR",
    desc_name: "Infectious bovine rhinotracheitis (IBR, bovine herpesvirus 1)",
    ...noFootnote,
    animals: [
      offer(cows, VaccineId.bovilisIbrMarkerLive, HerdStatusQuestion.cowsIbr),
      offer(
        replacementHeifers,
        VaccineId.bovilisIbrMarkerLive,
        HerdStatusQuestion.heifersIbr,
        courseUnlessAnswered,
      ),
      offer(weanlings, VaccineId.bovilisIbrMarkerLive),
      offer(calves, VaccineId.bovilisIbrMarkerLive),
    ],
  },
  {
    id: DiseaseId.leptospirosis,
    name: "Leptospirosis",
    desc_name: "Leptospirosis (Leptospira Hardjo): infertility, abortion and milk drop",
    ...noFootnote,
    animals: [
      offer(cows, VaccineId.bovilisLeptavoidH, HerdStatusQuestion.cowsLeptospirosis),
      offer(
        replacementHeifers,
        VaccineId.bovilisLeptavoidH,
        HerdStatusQuestion.heifersLeptospirosis,
        courseUnlessAnswered,
      ),
    ],
  },
  {
    id: DiseaseId.clostridialCattle,
    name: "Clostridial diseases",
    desc_name:
      "Clostridial diseases: blackleg, tetanus, black disease, redwater and enterotoxaemia",
    ...noFootnote,
    animals: [
      offer(cows, VaccineId.covexin10, HerdStatusQuestion.cowsClostridial),
      offer(replacementHeifers, VaccineId.covexin10, HerdStatusQuestion.heifersClostridial),
      offer(weanlings, VaccineId.covexin10, HerdStatusQuestion.weanlingsClostridial),
      offer(calves, VaccineId.covexin10),
    ],
  },
  {
    id: DiseaseId.calfScour,
    name: "Calf scour",
    desc_name: "Calf scour (rotavirus, coronavirus, E. coli): the dam is vaccinated before calving",
    ...noFootnote,
    animals: [
      offer(cows, VaccineId.bovilisRotavecCorona),
      offer(replacementHeifers, VaccineId.bovilisRotavecCorona),
    ],
  },
  {
    id: DiseaseId.salmonellosis,
    name: "Salmonellosis",
    desc_name: "Salmonellosis (Salmonella Dublin and Typhimurium)",
    ...Footnote.whereInfectionConfirmed,
    animals: [
      offer(cows, VaccineId.bovilisBovivacS, HerdStatusQuestion.cowsSalmonellosis),
      offer(calves, VaccineId.bovilisBovivacS),
    ],
  },
  {
    id: DiseaseId.pneumonia,
    name: "Pneumonia",
    desc_name: "Calf pneumonia (BRSV, PI3 and Mannheimia haemolytica)",
    ...noFootnote,
    animals: [
      // Calves get the nasal vaccine in week 1; weanlings the injectable course before housing.
      offer(calves, VaccineId.bovilisIntranasalRspLive),
      offer(
        weanlings,
        VaccineId.bovilisBovipastRsp,
        HerdStatusQuestion.weanlingsPneumonia,
        courseUnlessAnswered,
      ),
    ],
  },
  {
    id: DiseaseId.lungworm,
    name: "Lungworm (husk)",
    desc_name: "Lungworm (husk, hoose): vaccinate before the first grazing season",
    ...Footnote.goingToGrass,
    animals: [
      offer(calves, VaccineId.bovilisHuskvac),
      offer(
        replacementHeifers,
        VaccineId.bovilisHuskvac,
        HerdStatusQuestion.heifersLungworm,
        courseUnlessAnswered,
      ),
    ],
  },
  {
    id: DiseaseId.ringworm,
    name: "Ringworm",
    desc_name: "Ringworm (Trichophyton verrucosum)",
    ...Footnote.optionalDiscussWithVet,
    animals: [offer(calves, VaccineId.bovilisRingvac)],
  },
  {
    id: DiseaseId.bluetongue,
    name: "Bluetongue",
    desc_name: "Bluetongue serotype 3 (BTV-3), spread by biting midges",
    ...Footnote.licenceRequired,
    animals: [cows, replacementHeifers, weanlings, calves, ewes, hoggets, ram, lamb].map(
      (animalId) => offer(animalId, VaccineId.bultavo3),
    ),
  },
  {
    id: DiseaseId.clostridialAndPasteurellosisSheep,
    name: "Clostridial diseases and pasteurellosis",
    desc_name:
      "Clostridial diseases (lamb dysentery, pulpy kidney, struck, tetanus, braxy, blackleg, black disease) and pasteurellosis",
    ...noFootnote,
    animals: [
      offer(ewes, VaccineId.heptavacPPlus, HerdStatusQuestion.ewesClostridial),
      offer(
        hoggets,
        VaccineId.heptavacPPlus,
        HerdStatusQuestion.hoggetsClostridial,
        courseUnlessAnswered,
      ),
      offer(ram, VaccineId.heptavacPPlus, HerdStatusQuestion.ramClostridial),
      offer(lamb, VaccineId.heptavacPPlus, HerdStatusQuestion.lambsEwesBoosted),
    ],
  },
  {
    id: DiseaseId.enzooticAbortion,
    name: "Enzootic abortion",
    desc_name: "Enzootic abortion of ewes (EAE, Chlamydia abortus)",
    ...noFootnote,
    animals: [offer(ewes, VaccineId.enzovax), offer(hoggets, VaccineId.enzovax)],
  },
  {
    id: DiseaseId.toxoplasmosis,
    name: "Toxoplasmosis",
    desc_name: "Toxoplasmosis abortion (Toxoplasma gondii)",
    ...noFootnote,
    animals: [offer(ewes, VaccineId.toxovax), offer(hoggets, VaccineId.toxovax)],
  },
  {
    id: DiseaseId.footrot,
    name: "Footrot",
    desc_name: "Footrot (Dichelobacter nodosus)",
    ...Footnote.optionalDiscussWithVet,
    animals: [
      offer(ewes, VaccineId.footvax, HerdStatusQuestion.ewesFootrot),
      offer(hoggets, VaccineId.footvax, HerdStatusQuestion.hoggetsFootrot, courseUnlessAnswered),
      offer(ram, VaccineId.footvax, HerdStatusQuestion.ramFootrot),
    ],
  },
  {
    id: DiseaseId.orf,
    name: "Orf",
    desc_name: "Orf (contagious pustular dermatitis, scabby mouth)",
    ...Footnote.orfProblemFarmsOnly,
    animals: [offer(ewes, VaccineId.scabivaxForte), offer(lamb, VaccineId.scabivaxForte)],
  },
];
