import type { Disease } from "@vaxcal/contracts";
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
  dairyReplacementsOnly: { footnoteNumber: 1, footnote: "Dairy replacements only" },
  orfProblemFarmsOnly: { footnoteNumber: 2, footnote: "Orf-problem farms only" },
  whereInfectionConfirmed: { footnoteNumber: 3, footnote: "Where infection is confirmed" },
  optionalDiscussWithVet: { footnoteNumber: 4, footnote: "Optional: discuss with your vet" },
  licenceRequired: {
    footnoteNumber: 5,
    footnote: "Only under a bluetongue vaccination licence: discuss with your vet",
  },
} as const;

const noFootnote = { footnote: null, footnoteNumber: null } as const;

const { cows, replacementHeifers, weanlings, calves, ewes, lamb, hoggets, ram } = AnimalId;

/**
 * Which diseases each animal is offered, and the vaccine each defaults to, follow the reference
 * document's "Which diseases matter" table; the default vaccine is the product its shot templates
 * use. A few pairs have no template (e.g. ringworm for calves, bluetongue everywhere): the farmer
 * adds those shots by hand, with the vet.
 */
export const diseases: Disease[] = [
  {
    id: DiseaseId.bvd,
    name: "BVD",
    desc_name: "Bovine viral diarrhoea (BVD): protects the unborn calf",
    ...noFootnote,
    animals: [
      { animal_id: cows, vaccine_id: VaccineId.bovilisBvd },
      { animal_id: replacementHeifers, vaccine_id: VaccineId.bovilisBvd },
    ],
  },
  {
    id: DiseaseId.ibr,
    name: "IBR",
    desc_name: "Infectious bovine rhinotracheitis (IBR, bovine herpesvirus 1)",
    ...noFootnote,
    animals: [
      { animal_id: cows, vaccine_id: VaccineId.bovilisIbrMarkerLive },
      { animal_id: replacementHeifers, vaccine_id: VaccineId.bovilisIbrMarkerLive },
      { animal_id: weanlings, vaccine_id: VaccineId.bovilisIbrMarkerLive },
      { animal_id: calves, vaccine_id: VaccineId.bovilisIbrMarkerLive },
    ],
  },
  {
    id: DiseaseId.leptospirosis,
    name: "Leptospirosis",
    desc_name: "Leptospirosis (Leptospira Hardjo): infertility, abortion and milk drop",
    ...noFootnote,
    animals: [
      { animal_id: cows, vaccine_id: VaccineId.bovilisLeptavoidH },
      { animal_id: replacementHeifers, vaccine_id: VaccineId.bovilisLeptavoidH },
    ],
  },
  {
    id: DiseaseId.clostridialCattle,
    name: "Clostridial diseases",
    desc_name:
      "Clostridial diseases: blackleg, tetanus, black disease, redwater and enterotoxaemia",
    ...noFootnote,
    animals: [
      { animal_id: cows, vaccine_id: VaccineId.covexin10 },
      { animal_id: replacementHeifers, vaccine_id: VaccineId.covexin10 },
      { animal_id: weanlings, vaccine_id: VaccineId.covexin10 },
      { animal_id: calves, vaccine_id: VaccineId.covexin10 },
    ],
  },
  {
    id: DiseaseId.calfScour,
    name: "Calf scour",
    desc_name: "Calf scour (rotavirus, coronavirus, E. coli): the dam is vaccinated before calving",
    ...noFootnote,
    animals: [
      { animal_id: cows, vaccine_id: VaccineId.bovilisRotavecCorona },
      { animal_id: replacementHeifers, vaccine_id: VaccineId.bovilisRotavecCorona },
    ],
  },
  {
    id: DiseaseId.salmonellosis,
    name: "Salmonellosis",
    desc_name: "Salmonellosis (Salmonella Dublin and Typhimurium)",
    ...Footnote.whereInfectionConfirmed,
    animals: [
      { animal_id: cows, vaccine_id: VaccineId.bovilisBovivacS },
      { animal_id: calves, vaccine_id: VaccineId.bovilisBovivacS },
    ],
  },
  {
    id: DiseaseId.pneumonia,
    name: "Pneumonia",
    desc_name: "Calf pneumonia (BRSV, PI3 and Mannheimia haemolytica)",
    ...noFootnote,
    animals: [
      // Calves get the nasal vaccine in week 1; weanlings the injectable course before housing.
      { animal_id: calves, vaccine_id: VaccineId.bovilisIntranasalRspLive },
      { animal_id: weanlings, vaccine_id: VaccineId.bovilisBovipastRsp },
    ],
  },
  {
    id: DiseaseId.lungworm,
    name: "Lungworm (husk)",
    desc_name: "Lungworm (husk, hoose): vaccinate before the first grazing season",
    ...Footnote.dairyReplacementsOnly,
    animals: [
      { animal_id: calves, vaccine_id: VaccineId.bovilisHuskvac },
      { animal_id: replacementHeifers, vaccine_id: VaccineId.bovilisHuskvac },
    ],
  },
  {
    id: DiseaseId.ringworm,
    name: "Ringworm",
    desc_name: "Ringworm (Trichophyton verrucosum)",
    ...Footnote.optionalDiscussWithVet,
    animals: [{ animal_id: calves, vaccine_id: VaccineId.bovilisRingvac }],
  },
  {
    id: DiseaseId.bluetongue,
    name: "Bluetongue",
    desc_name: "Bluetongue serotype 3 (BTV-3), spread by biting midges",
    ...Footnote.licenceRequired,
    animals: [cows, replacementHeifers, weanlings, calves, ewes, hoggets, ram, lamb].map(
      (animal_id) => ({ animal_id, vaccine_id: VaccineId.bultavo3 }),
    ),
  },
  {
    id: DiseaseId.clostridialAndPasteurellosisSheep,
    name: "Clostridial diseases and pasteurellosis",
    desc_name:
      "Clostridial diseases (lamb dysentery, pulpy kidney, struck, tetanus, braxy, blackleg, black disease) and pasteurellosis",
    ...noFootnote,
    animals: [
      { animal_id: ewes, vaccine_id: VaccineId.heptavacPPlus },
      { animal_id: hoggets, vaccine_id: VaccineId.heptavacPPlus },
      { animal_id: ram, vaccine_id: VaccineId.heptavacPPlus },
      { animal_id: lamb, vaccine_id: VaccineId.heptavacPPlus },
    ],
  },
  {
    id: DiseaseId.enzooticAbortion,
    name: "Enzootic abortion",
    desc_name: "Enzootic abortion of ewes (EAE, Chlamydia abortus)",
    ...noFootnote,
    animals: [
      { animal_id: ewes, vaccine_id: VaccineId.enzovax },
      { animal_id: hoggets, vaccine_id: VaccineId.enzovax },
    ],
  },
  {
    id: DiseaseId.toxoplasmosis,
    name: "Toxoplasmosis",
    desc_name: "Toxoplasmosis abortion (Toxoplasma gondii)",
    ...noFootnote,
    animals: [
      { animal_id: ewes, vaccine_id: VaccineId.toxovax },
      { animal_id: hoggets, vaccine_id: VaccineId.toxovax },
    ],
  },
  {
    id: DiseaseId.footrot,
    name: "Footrot",
    desc_name: "Footrot (Dichelobacter nodosus)",
    ...Footnote.optionalDiscussWithVet,
    animals: [
      { animal_id: ewes, vaccine_id: VaccineId.footvax },
      { animal_id: hoggets, vaccine_id: VaccineId.footvax },
      { animal_id: ram, vaccine_id: VaccineId.footvax },
    ],
  },
  {
    id: DiseaseId.orf,
    name: "Orf",
    desc_name: "Orf (contagious pustular dermatitis, scabby mouth)",
    ...Footnote.orfProblemFarmsOnly,
    animals: [
      { animal_id: ewes, vaccine_id: VaccineId.scabivaxForte },
      { animal_id: lamb, vaccine_id: VaccineId.scabivaxForte },
    ],
  },
];
