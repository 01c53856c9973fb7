import { noVaccineRules, type Vaccine, type VaccineRules } from "@vaxcal/contracts";

/**
 * Stable vaccine ids. The seeder updates rows by id, so never renumber; append new products.
 * Cattle products come first, then BTV-3 (cattle and sheep), then sheep, in the reference
 * document's table order.
 */
export const VaccineId = {
  bovilisBvd: 1,
  bovela: 2,
  bovilisIbrMarkerLive: 3,
  bovilisIbrMarkerInac: 4,
  bovilisIntranasalRspLive: 5,
  rispovalRsPi3IntraNasal: 6,
  bovilisBovipastRsp: 7,
  rispoval4: 8,
  bovilisRotavecCorona: 9,
  bovilisLeptavoidH: 10,
  spirovac: 11,
  covexin10: 12,
  bravoxin10: 13,
  tribovax10: 14,
  bovilisBovivacS: 15,
  bovilisHuskvac: 16,
  bovilisRingvac: 17,
  bovilisNasalgenC: 18,
  bultavo3: 19,
  syvazulBtv3: 20,
  bluevac3: 21,
  heptavacPPlus: 22,
  ovivacPPlus: 23,
  enzovax: 24,
  cevacChlamydia: 25,
  inmeva: 26,
  toxovax: 27,
  footvax: 28,
  scabivaxForte: 29,
  scabigard: 30,
} as const;
export type VaccineId = (typeof VaccineId)[keyof typeof VaccineId];

/** Pack sizes come from retailer listings and memory, not the SPCs; every source_note says so. */
const packSizeCaveat = "Pack sizes indicative.";

/** Rules default to "no restriction", so each product lists only what its literature imposes. */
const defineRules = (rules: Partial<VaccineRules>): VaccineRules => ({
  ...noVaccineRules,
  ...rules,
});

// Months are converted at 30 days: the checks are warnings, and a few days either way do not matter.
const months = (count: number): number => count * 30;
const weeks = (count: number): number => count * 7;
/**
 * A primary course's gap between doses. Where the literature gives one interval ("4 weeks
 * apart"), a second dose up to a week late is still taken as the same course (L).
 */
const course = (fromWeeks: number, toWeeks = fromWeeks + 1) => ({
  from: weeks(fromWeeks),
  to: weeks(toWeeks),
});
/**
 * Live orf virus is a zoonosis: the orf vaccines' SPCs ask handlers to wear gloves and keep the
 * vaccine from pregnant and immunosuppressed people (S20; CDC MMWR 2006 on human orf after flock
 * vaccination). Shown with the vaccine and beside its first dose (decision 415).
 */
const orfHandlerWarning =
  "Wear gloves when giving it: this live orf vaccine can infect people. Anyone pregnant or with a weakened immune system should not give it.";
const orfHandlerSource =
  "Handlers: live orf virus, a zoonosis; the SPC asks for gloves and keeps pregnant and immunosuppressed people from giving it (S20; CDC MMWR 2006 on human orf after flock vaccination).";

/** Weeks before the birth date, as a window of days: `beforeBirth(8, 2)` is −56…−14. */
const beforeBirth = (earliestWeeks: number, latestWeeks: number) => ({
  from: -weeks(earliestWeeks),
  to: -weeks(latestWeeks),
});

export const vaccines: Vaccine[] = [
  {
    id: VaccineId.bovilisBvd,
    name: "Bovilis BVD",
    size_info: "10 dose / 20 ml, 25 dose / 50 ml",
    vaccine_type: "IM",
    logo_url: "/vaccine-badges/bovilis-bvd.svg",
    product_spc_url: "https://www.med-vet.fr/medicament-bovilis-bvd-p206",
    accent_color: "0,94,184",
    information:
      "An inactivated vaccine that protects the unborn calf against bovine viral diarrhoea (BVD), so that no persistently infected calves are born. Cows and heifers from 8 months old get 2 doses 4 weeks apart, the second at least 4 weeks before breeding, then 1 dose 4 weeks before each following breeding.",
    warning_message:
      "Gives the calf no protection if given less than 4 weeks before breeding or during pregnancy.",
    source_note: `S1 (H: French SPC text; Irish wording M). The French SPC allows mixing with Bovilis IBR Marker Live for boosters in cattle over 15 months. A single dose gives no foetal protection, and a dose given during pregnancy is not protective (S1): a herd starting out gets the 2-dose course, the second dose at least 4 weeks before breeding. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: months(8),
      min_days_before_breeding: weeks(4),
      course_interval_days: course(4),
      not_protective_in_pregnancy: true,
      compatible_vaccine_ids: [VaccineId.bovilisIbrMarkerLive],
    }),
  },
  {
    id: VaccineId.bovela,
    name: "Bovela",
    size_info: "5 dose / 10 ml, 25 dose / 50 ml (powder and solvent)",
    vaccine_type: "IM",
    logo_url: "/vaccine-badges/bovela.svg",
    product_spc_url: "https://www.noahcompendium.co.uk/?id=-482374",
    accent_color: "0,133,119",
    information:
      "A live vaccine against bovine viral diarrhoea types 1 and 2 that prevents persistently infected calves. One dose for breeding cattle from 3 months old, at least 3 weeks before breeding, then once a year.",
    warning_message:
      "Live vaccine: not for breeding bulls. Give at least 3 weeks before breeding, and finish at least 3 weeks before animals join the herd. Given in pregnancy, the vaccine virus can pass to the calf, and the calf's ear-notch BVD test can come back positive.",
    source_note: `S2 (H). The NOAH SPC (−482375): lasting viraemia after vaccination, in pregnant heifers especially, may pass the vaccine virus across the placenta, and some newborn calves have had positive ear-notch tests for the vaccine strain; so the rule checks warn on a dose in pregnancy. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 1,
      min_age_days: months(3),
      live: true,
      min_days_before_breeding: weeks(3),
    }),
  },
  {
    id: VaccineId.bovilisIbrMarkerLive,
    name: "Bovilis IBR Marker Live",
    size_info: "5 dose / 10 ml, 10 dose / 20 ml, 25 dose / 50 ml (powder and solvent)",
    vaccine_type: "IN,IM",
    logo_url: "/vaccine-badges/bovilis-ibr-marker-live.svg",
    product_spc_url: "https://www.noahcompendium.co.uk/?id=-454316",
    accent_color: "196,30,58",
    information:
      "A live marker vaccine against infectious bovine rhinotracheitis (IBR). Calves from 2 weeks old get it up the nose and again at 3–4 months; cattle over 3 months need a single dose up the nose or into the muscle. Protection lasts about 6 months, so herds give a booster every 6 to 12 months, often 2 weeks before breeding.",
    warning_message:
      "Live vaccine: the nasal virus spreads to in-contact cattle. Antibodies from the dam can blunt the response in young calves. Safe in pregnancy and lactation.",
    source_note: `S3 (H for duration of immunity, M for booster wording): a single dose gives at least 6 months of immunity; the current UK SPC gives 1 year only after a revaccination at 6 months, the 2014 SPC every 6 months. So heifers and herds starting out get a 6-month dose (breeding +169) before the cows' yearly booster. At most 2 doses a year. Herds on 6-monthly boosting add a second cow dose at breeding +169 every year. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: weeks(2),
      live: true,
      compatible_vaccine_ids: [VaccineId.bovilisBvd],
    }),
  },
  {
    id: VaccineId.bovilisIbrMarkerInac,
    name: "Bovilis IBR Marker Inac",
    size_info: "10 dose / 20 ml, 25 dose / 50 ml",
    vaccine_type: "IM",
    logo_url: "/vaccine-badges/bovilis-ibr-marker-inac.svg",
    product_spc_url: "https://vetisearch.co.uk/spcs/42305-bovilis-ibr-marker",
    accent_color: "142,36,66",
    information:
      "An inactivated marker vaccine against infectious bovine rhinotracheitis (IBR) for cattle from 3 months old: 2 doses 4 weeks apart, then every 6 months. Herds that used the live vaccine for the first course give it as the booster at 6 months, then at most every 12 months.",
    warning_message: "Vaccinate healthy cattle only.",
    source_note: `S4 (H). ${packSizeCaveat}`,
    rules: defineRules({ max_shots: 2, min_age_days: months(3), course_interval_days: course(4) }),
  },
  {
    id: VaccineId.bovilisIntranasalRspLive,
    name: "Bovilis INtranasal RSP Live",
    size_info: "5 dose / 10 ml, 10 dose / 20 ml (powder and solvent)",
    vaccine_type: "IN",
    logo_url: "/vaccine-badges/bovilis-intranasal-rsp-live.svg",
    product_spc_url: "https://www.noahcompendium.co.uk/?id=-475208&template=template_printview",
    accent_color: "46,125,50",
    information:
      "A live nasal vaccine against calf pneumonia caused by BRSV and PI3. A single dose up the nose from the day of birth protects for about 12 weeks; follow it with an injectable pneumonia vaccine before housing.",
    warning_message:
      "Give at least 5–7 days before stress such as transport or housing. Antibodies from the dam may reduce protection against BRSV.",
    source_note: `S5 (H). ${packSizeCaveat}`,
    rules: defineRules({ max_shots: 1, min_age_days: 0, live: true }),
  },
  {
    id: VaccineId.rispovalRsPi3IntraNasal,
    name: "Rispoval RS+PI3 IntraNasal",
    size_info: "1 dose, 5 dose, 10 dose (powder and solvent)",
    vaccine_type: "IN",
    logo_url: "/vaccine-badges/rispoval-rs-pi3-intranasal.svg",
    product_spc_url: "https://imedi.co.uk/rispoval-rs-pi3-intranasal/g/e775",
    accent_color: "255,143,0",
    information:
      "A live nasal vaccine against calf pneumonia caused by BRSV and PI3, for calves from 9 days old, with or without antibodies from the dam. A single dose protects for about 12 weeks; Rispoval 2 can follow from 13 weeks old.",
    warning_message: "Live vaccine: calves from 9 days old only. Vaccinate healthy calves only.",
    source_note: `S21 (H). ${packSizeCaveat}`,
    rules: defineRules({ max_shots: 1, min_age_days: 9, live: true }),
  },
  {
    id: VaccineId.bovilisBovipastRsp,
    name: "Bovilis Bovipast RSP",
    size_info: "10 dose / 50 ml, 50 dose / 250 ml",
    vaccine_type: "SC",
    logo_url: "/vaccine-badges/bovilis-bovipast-rsp.svg",
    product_spc_url: "https://www.noahcompendium.co.uk/?id=-454251",
    accent_color: "21,101,192",
    information:
      "An inactivated vaccine against pneumonia caused by BRSV, PI3 and Mannheimia haemolytica. Two doses 4 weeks apart, finished before housing or another risk period, then a single dose before the next risk period.",
    warning_message:
      "Antibodies from the dam reduce the response in calves up to 6 weeks old. Finish the course before housing.",
    source_note: `S6 (H for the course, M for the 2-week minimum age). Duration of immunity not established. The course is finished before weaning or housing in the calves' first winter (SPC): spring-born weanlings at about 7 and 8 months, autumn-born calves at 6 and 10 weeks, once the dam's antibodies have waned (S6). ${packSizeCaveat}`,
    rules: defineRules({ max_shots: 2, min_age_days: weeks(2), course_interval_days: course(4) }),
  },
  {
    id: VaccineId.rispoval4,
    name: "Rispoval 4",
    size_info: "5 dose / 25 ml (powder and solvent)",
    vaccine_type: "IM",
    logo_url: "/vaccine-badges/rispoval-4.svg",
    product_spc_url: "https://vetisearch.co.uk/spcs/44517-rispoval-4",
    accent_color: "230,81,0",
    information:
      "A vaccine against pneumonia and related viruses: BRSV, PI3, IBR and BVD type 1. Cattle over 3 months old get 2 doses 3–4 weeks apart, at least 2 weeks before housing or transport. Protection lasts about 6 months; repeat the course if cattle are at risk again.",
    warning_message:
      "For cattle over 3 months old only. Finish the course at least 2 weeks before housing, transport or mixing.",
    source_note: `S21 (H). Live BRSV, PI3 and IBR with inactivated BVD (M). ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: months(3),
      live: true,
      course_interval_days: course(3, 4),
    }),
  },
  {
    id: VaccineId.bovilisRotavecCorona,
    name: "Bovilis Rotavec Corona",
    size_info: "5 dose / 10 ml, 25 dose / 50 ml",
    vaccine_type: "IM,SC",
    logo_url: "/vaccine-badges/bovilis-rotavec-corona.svg",
    product_spc_url: "https://vetisearch.co.uk/spcs/47114-bovilis-rotavec-corona-vet",
    accent_color: "123,31,162",
    information:
      "A vaccine for pregnant cows and heifers that protects their calves against scour caused by rotavirus, coronavirus and E. coli. One dose in each pregnancy, 12 to 3 weeks before calving; the calf is protected through the dam's colostrum and milk.",
    warning_message:
      "Protection is passed on only through colostrum and milk: calves must drink their vaccinated dam's colostrum and milk for the first 2–4 weeks.",
    source_note: `S7 (H). The new SPC adds E. coli F41 and the subcutaneous route. ${packSizeCaveat}`,
    rules: defineRules({ max_shots: 1, window_birth_days: { from: -84, to: -21 } }),
  },
  {
    id: VaccineId.bovilisLeptavoidH,
    name: "Bovilis Leptavoid-H",
    size_info: "10 dose / 20 ml, 25 dose / 50 ml, 125 dose / 250 ml",
    vaccine_type: "SC",
    logo_url: "/vaccine-badges/bovilis-leptavoid-h.svg",
    product_spc_url: "https://vetisearch.co.uk/spcs/42191-bovilis-leptavoid-h",
    accent_color: "0,121,107",
    information:
      "An inactivated vaccine against leptospirosis (Leptospira Hardjo), which causes infertility, abortion and milk drop and can spread to people. Cattle from 1 month old get 2 doses 4–6 weeks apart, ideally finished in spring, then a single dose each year.",
    warning_message:
      "Vaccinated cattle test positive for leptospirosis antibodies, which matters for export testing. Avoid the 2 weeks before breeding.",
    source_note: `S8 (H for the course, M for the annual booster and the 2-week breeding rule, which comes from a retailer's SPC copy). The course is ideally finished in spring, before the main transmission season, and boosters are given in spring too, whatever the calving season (Leptavoid-H SPC; Vet Times 2016): autumn-calving cows get theirs at the end of March. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: months(1),
      min_days_before_breeding: weeks(2),
      course_interval_days: course(4, 6),
    }),
  },
  {
    id: VaccineId.spirovac,
    name: "Spirovac",
    size_info: "10 dose / 20 ml, 50 dose / 100 ml",
    vaccine_type: "SC",
    logo_url: "/vaccine-badges/spirovac.svg",
    product_spc_url: "https://vetisearch.co.uk/spcs/87968-spirovac",
    accent_color: "249,168,37",
    information:
      "An inactivated vaccine against leptospirosis (Leptospira Hardjo-bovis) for cattle from 4 weeks old: 2 doses 4–6 weeks apart, usually in spring, then once a year.",
    warning_message: "Can cause large swellings at the injection site in late pregnancy.",
    source_note: `S8 (H). ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: weeks(4),
      course_interval_days: course(4, 6),
    }),
  },
  {
    id: VaccineId.covexin10,
    name: "Covexin 10",
    size_info: "50 ml (25 cattle or 50 sheep doses), 100 ml, 250 ml",
    vaccine_type: "SC",
    logo_url: "/vaccine-badges/covexin-10.svg",
    product_spc_url: "https://www.noahcompendium.co.uk/?id=-456749",
    accent_color: "69,90,100",
    information:
      "Protects cattle and sheep against 10 clostridial diseases, including blackleg, tetanus, black disease, redwater-type haemoglobinuria and enterotoxaemia. From 2 weeks old: 2 doses 4–6 weeks apart, then a booster every 6 to 12 months. A booster 8 to 2 weeks before calving or lambing passes protection to the newborn through colostrum.",
    warning_message: "Large swellings at the injection site are common in cattle.",
    source_note: `S12 (H). Cattle 2 ml, sheep 1 ml. The pre-calving or pre-lambing booster goes 8 to 2 weeks before birth (S12; Teagasc: 2–8 weeks). A herd starting out gets 2 doses 4–6 weeks apart, the second as that booster. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: weeks(2),
      course_interval_days: course(4, 6),
      booster_window_birth_days: beforeBirth(8, 2),
    }),
  },
  {
    id: VaccineId.bravoxin10,
    name: "Bravoxin 10",
    size_info: "50 ml (25 cattle or 50 sheep doses), 100 ml",
    vaccine_type: "SC",
    logo_url: "/vaccine-badges/bravoxin-10.svg",
    product_spc_url: "https://vetisearch.co.uk/spcs/42234-bravoxin",
    accent_color: "93,64,55",
    information:
      "Protects cattle and sheep against 10 clostridial diseases, including blackleg, tetanus, black disease and enterotoxaemia. From 2 weeks old: 2 doses 4–6 weeks apart, then a booster every 6 to 12 months, with a pre-calving or pre-lambing booster 8 to 2 weeks before birth.",
    warning_message: "Injection-site swellings are common, especially in cattle.",
    source_note: `S13 (H). Cattle 2 ml, sheep 1 ml. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: weeks(2),
      course_interval_days: course(4, 6),
      booster_window_birth_days: beforeBirth(8, 2),
    }),
  },
  {
    id: VaccineId.tribovax10,
    name: "Tribovax 10",
    size_info: "50 ml, 100 ml",
    vaccine_type: "SC",
    logo_url: "/vaccine-badges/tribovax-10.svg",
    product_spc_url: "https://vetisearch.co.uk/spcs/42234-bravoxin",
    accent_color: "121,85,72",
    information:
      "A clostridial vaccine for cattle, described as similar to Covexin 10 and Bravoxin 10: 2 doses 4–6 weeks apart from 2 weeks old, then boosters every 6 to 12 months.",
    warning_message:
      "Details not checked against this product's own SPC: confirm the dose and schedule with your vet.",
    source_note: `S12, S13 (M): the reference document names it only as similar to Covexin 10 and Bravoxin 10, without a source of its own, so the link is the Bravoxin 10 SPC it was compared with. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: weeks(2),
      course_interval_days: course(4, 6),
    }),
  },
  {
    id: VaccineId.bovilisBovivacS,
    name: "Bovilis Bovivac S",
    size_info: "50 ml, 100 ml",
    vaccine_type: "SC",
    logo_url: "/vaccine-badges/bovilis-bovivac-s.svg",
    product_spc_url: "https://vetisearch.co.uk/spcs/42149-bovilis-bovivac-s",
    accent_color: "173,20,87",
    information:
      "An inactivated vaccine against salmonellosis (Salmonella Dublin and Typhimurium) for herds where infection is confirmed. Two doses 21 days apart (adults 5 ml, calves from about 3 weeks old 2 ml); cows not calved within 8 weeks of the second dose get another 3–4 weeks before calving; then a yearly booster.",
    warning_message:
      "For herds where salmonellosis is confirmed. Do not vaccinate animals showing signs of the disease.",
    source_note: `S11 (H for the course, M for the annual booster). The SPC's primary course is 2 doses of 5 ml 21 days apart; cows not calved within 8 weeks of the second dose get another dose 3–4 weeks before calving (the rule checks' booster window); no significant immunity until 2 weeks after dose 2; the 2024 SPC says the effect of a single-dose revaccination has not been studied (NOAH compendium). Calves from about 3 weeks old get 2 ml. For herds with confirmed infection. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 3,
      min_age_days: weeks(3),
      course_interval_days: course(3),
      booster_window_birth_days: beforeBirth(4, 3),
    }),
  },
  {
    id: VaccineId.bovilisHuskvac,
    name: "Bovilis Huskvac",
    size_info: "1 dose / 25 ml, 2 dose / 50 ml",
    vaccine_type: "ORAL",
    logo_url: "/vaccine-badges/bovilis-huskvac.svg",
    product_spc_url: "https://imedi.co.uk/bovilis-huskvac",
    accent_color: "85,139,47",
    information:
      "A live oral vaccine (irradiated larvae) against lungworm (husk). Calves from 8 weeks old get 2 doses by mouth 4 weeks apart, the second at least 2 weeks before first turnout. Boost before each turnout only if the cattle meet no natural infection at grass.",
    warning_message:
      "Keep calves off pasture until 2 weeks after the second dose. Impractical for spring-born suckler calves: discuss off-label use with your vet.",
    source_note: `S9 (H). Given "in the spring before exposure", the second dose at least 2 weeks before turnout (SPC): autumn-born calves at about 6 and 7 months, in March and April; heifers before their second grazing season. SAC finds it impractical for spring-born suckler calves at grass with their dams. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: weeks(8),
      live: true,
      course_interval_days: course(4),
    }),
  },
  {
    id: VaccineId.bovilisRingvac,
    name: "Bovilis Ringvac",
    size_info: "10 ml, 20 ml (powder and solvent)",
    vaccine_type: "IM",
    logo_url: "/vaccine-badges/bovilis-ringvac.svg",
    product_spc_url: "https://www.noahcompendium.co.uk/?id=-476798",
    accent_color: "191,54,12",
    information:
      "A live vaccine against ringworm for cattle from 2 weeks old: 2 doses 10–14 days apart (2 ml up to 4 months old, 4 ml when older). Protection lasts in the field; afterwards only newborn and bought-in animals need it.",
    warning_message:
      "Do not give the preventive dose to infected or incubating animals. The UK allows it in pregnancy; Norway advises avoiding the last 2 months.",
    source_note: `S10 (H). 2 doses 10–14 days apart. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: weeks(2),
      live: true,
      course_interval_days: { from: 10, to: 14 },
    }),
  },
  {
    id: VaccineId.bovilisNasalgenC,
    name: "Bovilis Nasalgen-C",
    size_info: "5 dose, 10 dose (powder and solvent)",
    vaccine_type: "IN",
    logo_url: "/vaccine-badges/bovilis-nasalgen-c.svg",
    product_spc_url: "https://vetisearch.co.uk/spcs/42277-bovilis-nasalgen-c",
    accent_color: "2,119,189",
    information:
      "A live nasal vaccine against respiratory disease caused by bovine coronavirus. One dose into one nostril, from birth, protects for about 12 weeks.",
    warning_message: "Into one nostril only. Vaccinate healthy calves only.",
    source_note: `S26 (H). ${packSizeCaveat}`,
    rules: defineRules({ max_shots: 1, min_age_days: 0, live: true }),
  },
  {
    id: VaccineId.bultavo3,
    name: "Bultavo 3",
    size_info: "50 dose / 50 ml, 100 dose / 100 ml",
    vaccine_type: "SC,IM",
    logo_url: "/vaccine-badges/bultavo-3.svg",
    product_spc_url: "https://www.noahcompendium.co.uk/?id=-488741",
    accent_color: "48,63,159",
    information:
      "An inactivated vaccine for cattle and sheep against bluetongue serotype 3 (BTV-3), spread by biting midges. Finish the first course before the midge season in spring; protection starts 3 weeks after it. The dose and number of doses depend on the species: follow the product leaflet.",
    warning_message:
      "Use only under a bluetongue vaccination licence (Northern Ireland since July 2025, Republic of Ireland from 2026). Vaccinated animals remain under movement controls.",
    source_note: `S24 (M): schedules not researched in the reference document. The SPC link was found separately; it states no contraindications and use in pregnancy. ${packSizeCaveat}`,
    rules: defineRules({ max_shots: 2 }),
  },
  {
    id: VaccineId.syvazulBtv3,
    name: "Syvazul BTV 3",
    size_info: "25 ml, 100 ml",
    vaccine_type: "SC,IM",
    logo_url: "/vaccine-badges/syvazul-btv-3.svg",
    product_spc_url:
      "https://www.agriland.ie/farming-news/heydon-bluetongue-vaccination-will-be-permitted-in-ireland-next-year/",
    accent_color: "0,96,100",
    information:
      "An inactivated vaccine for cattle and sheep against bluetongue serotype 3 (BTV-3), spread by biting midges. Finish the first course before the midge season in spring. The dose and number of doses depend on the species: follow the product leaflet.",
    warning_message:
      "Use only under a bluetongue vaccination licence (Northern Ireland since July 2025, Republic of Ireland from 2026). Vaccinated animals remain under movement controls.",
    source_note: `S24 (M): schedules not researched; the link is the Irish licensing news, not an SPC. ${packSizeCaveat}`,
    rules: defineRules({ max_shots: 2 }),
  },
  {
    id: VaccineId.bluevac3,
    name: "Bluevac-3",
    size_info: "50 ml, 100 ml",
    vaccine_type: "SC,IM",
    logo_url: "/vaccine-badges/bluevac-3.svg",
    product_spc_url:
      "https://www.agriland.ie/farming-news/heydon-bluetongue-vaccination-will-be-permitted-in-ireland-next-year/",
    accent_color: "26,35,126",
    information:
      "An inactivated vaccine for cattle and sheep against bluetongue serotype 3 (BTV-3), spread by biting midges. From 2 months old, 2 doses 3 weeks apart (sheep 2 ml, cattle 4 ml), finished before the midge season in spring.",
    warning_message:
      "Use only under a bluetongue vaccination licence (Northern Ireland since July 2025, Republic of Ireland from 2026). Vaccinated animals remain under movement controls.",
    source_note: `S24 (M): schedules not researched in the reference document; dose, 2-month minimum age and use in pregnancy from the maker's launch announcement (M). The link is the Irish licensing news, not an SPC. ${packSizeCaveat}`,
    rules: defineRules({ max_shots: 2, min_age_days: months(2) }),
  },
  {
    id: VaccineId.heptavacPPlus,
    name: "Heptavac P Plus",
    size_info: "50 ml (25 doses), 100 ml (50 doses), 250 ml (125 doses)",
    vaccine_type: "SC",
    logo_url: "/vaccine-badges/heptavac-p-plus.svg",
    product_spc_url: "https://www.noahcompendium.co.uk/?id=-454825&template=template_printview",
    accent_color: "183,28,28",
    information:
      "Protects sheep against 7 clostridial diseases (lamb dysentery, pulpy kidney, struck, tetanus, braxy, blackleg, black disease) and pasteurellosis. From 3 weeks old: 2 doses 4–6 weeks apart, then a yearly booster; breeding ewes get it 4–6 weeks before lambing so that lambs are covered through colostrum for their first weeks.",
    warning_message:
      "Not for lambs under 3 weeks old. Avoid stressing ewes in late pregnancy. Lambs must get colostrum in their first 1–2 days.",
    source_note: `S14, S23 (H for indications, M for the 2 ml dose). Breeding ewes get the booster 4–6 weeks before lambing (S14). The maker's Irish leaflet gives lambs passive clostridial cover of about 3 weeks (pasteurella up to 4), and Irish advice (S23) is a first dose at about 3 weeks and a second 4–6 weeks later when the ewes were not boosted before lambing. For lambs of boosted ewes the UK SPC starts at 10 to 12 weeks: the lambs' templates offer 3 to 12 weeks and prefer 3, the safer choice where sources differ. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: weeks(3),
      course_interval_days: course(4, 6),
      booster_window_birth_days: beforeBirth(6, 4),
    }),
  },
  {
    id: VaccineId.ovivacPPlus,
    name: "Ovivac P Plus",
    size_info: "50 ml (25 doses), 100 ml (50 doses), 250 ml (125 doses)",
    vaccine_type: "SC",
    logo_url: "/vaccine-badges/ovivac-p-plus.svg",
    product_spc_url: "https://imedi.co.uk/ovivac-p-plus",
    accent_color: "216,67,21",
    information:
      "Protects lambs, store and breeding sheep against 4 clostridial diseases (pulpy kidney, tetanus, braxy, blackleg) and pasteurellosis. From 3 weeks old: 2 doses 4–6 weeks apart, with a booster before the autumn pasteurellosis risk.",
    warning_message:
      "Gives lambs no lamb dysentery cover through the ewe. Not for lambs under 3 weeks old.",
    source_note: `S15 (H for indications, M/L for dose and timing). ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 2,
      min_age_days: weeks(3),
      course_interval_days: course(4, 6),
    }),
  },
  {
    id: VaccineId.enzovax,
    name: "Enzovax",
    size_info: "10 dose / 20 ml, 20 dose / 40 ml, 50 dose / 100 ml (powder and solvent)",
    vaccine_type: "IM",
    logo_url: "/vaccine-badges/enzovax.svg",
    product_spc_url: "https://www.noahcompendium.co.uk/?id=-454659",
    accent_color: "74,20,140",
    information:
      "A live vaccine against enzootic abortion of ewes (EAE). One dose for ewe lambs from 5 months old, hoggets and ewes, within 4 months before tupping and at least 4 weeks before it. Protection lasts at least 3 years; usually each replacement is vaccinated once.",
    warning_message:
      "Live vaccine: never in pregnant ewes, not within 4 weeks before tupping, and not during antibiotic treatment. It can infect people: pregnant women must not handle it.",
    source_note: `S16, S17 (H). Intramuscular; the subcutaneous route is uncertain. Given within 4 months before tupping (S16). Revaccination every 3 years is a proposal: confirm with your vet. Supply shortages in 2024. ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 1,
      min_age_days: months(5),
      live: true,
      not_in_pregnancy: true,
      min_days_before_breeding: weeks(4),
      max_days_before_breeding: months(4),
      compatible_vaccine_ids: [VaccineId.toxovax],
    }),
  },
  {
    id: VaccineId.cevacChlamydia,
    name: "Cevac Chlamydia",
    size_info: "10 dose / 20 ml, 50 dose / 100 ml (powder and solvent)",
    vaccine_type: "IM",
    logo_url: "/vaccine-badges/cevac-chlamydia.svg",
    product_spc_url: "http://www.noahcompendium.co.uk/?id=-448047",
    accent_color: "136,14,79",
    information:
      "A live vaccine against enzootic abortion of ewes (EAE), used like Enzovax: one dose for breeding females from 5 months old, within 4 months before tupping and at least 4 weeks before it.",
    warning_message:
      "Live vaccine: never in pregnant ewes and not within 4 weeks before tupping. It can infect people: pregnant women must not handle it.",
    source_note: `S16, S17 (H). Used under special licence in Ireland during Enzovax shortages. Like Enzovax, within 4 months before tupping and at least 4 weeks before it (S16, S17). ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 1,
      min_age_days: months(5),
      live: true,
      not_in_pregnancy: true,
      min_days_before_breeding: weeks(4),
      max_days_before_breeding: months(4),
    }),
  },
  {
    id: VaccineId.inmeva,
    name: "Inmeva",
    size_info: "25 dose / 50 ml, 50 dose / 100 ml",
    vaccine_type: "IM",
    logo_url: "/vaccine-badges/inmeva.svg",
    product_spc_url:
      "https://dev.veterinary-practice.com/2024/new-advice-enzootic-abortion-vaccine-unavailable",
    accent_color: "56,142,60",
    information:
      "An inactivated vaccine against enzootic abortion of ewes (EAE), an option during live-vaccine shortages or an outbreak. Two doses: the first at least 5 weeks before tupping, the second 3 weeks later; repeat within a year.",
    warning_message:
      "Finish both doses before tupping. Check the route and dose on the product leaflet.",
    source_note: `S17 (M): route, dose and minimum age not checked against the SPC. ${packSizeCaveat}`,
    rules: defineRules({ max_shots: 2, course_interval_days: course(3) }),
  },
  {
    id: VaccineId.toxovax,
    name: "Toxovax",
    size_info: "5 dose / 10 ml, 10 dose / 20 ml, 20 dose / 40 ml, 50 dose / 100 ml",
    vaccine_type: "IM",
    logo_url: "/vaccine-badges/toxovax.svg",
    product_spc_url: "https://www.noahcompendium.co.uk/?id=-476561",
    accent_color: "106,27,154",
    information:
      "A live vaccine against abortion caused by toxoplasmosis. One dose for breeding females from 5 months old, within 4 months before tupping and at least 3 weeks before it. Protection lasts at least 2 lambing seasons.",
    warning_message:
      "Live vaccine: never in pregnant ewes and not within 3 weeks before tupping. It can infect people: wear gloves, and pregnant women must not handle it. Short shelf life: order it in advance.",
    source_note: `S18, S16 (H). Within 4 months before tupping and at least 3 weeks before it: ewe replacements get it 8 weeks before tupping, on the day of their Enzovax at a separate site. The SPC sets no routine booster; some vets re-dose every 2 years (L). ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 1,
      min_age_days: months(5),
      live: true,
      not_in_pregnancy: true,
      min_days_before_breeding: weeks(3),
      max_days_before_breeding: months(4),
      compatible_vaccine_ids: [VaccineId.enzovax],
    }),
  },
  {
    id: VaccineId.footvax,
    name: "Footvax",
    size_info: "50 dose / 50 ml, 100 dose / 100 ml",
    vaccine_type: "SC",
    logo_url: "/vaccine-badges/footvax.svg",
    product_spc_url: "http://www.noahcompendium.co.uk/?id=-454791",
    accent_color: "130,119,23",
    information:
      "An inactivated vaccine against footrot (Dichelobacter nodosus) for all sheep: 2 doses 6 weeks apart, then boosters as the risk demands, every 4–5 months where footrot is severe, otherwise often every 6 months.",
    warning_message:
      "Not from 4 weeks before to 4 weeks after lambing, not within 6–8 weeks of shearing, and not in milking dairy sheep. Lumps at the injection site: no shows or sales within 6 months.",
    source_note: `S19 (H). ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 3,
      blackout_birth_days: { from: -28, to: 28 },
      course_interval_days: course(6),
    }),
  },
  {
    id: VaccineId.scabivaxForte,
    name: "Scabivax Forte",
    size_info: "50 dose, 200 dose (with applicator)",
    vaccine_type: "SCARIFICATION",
    logo_url: "/vaccine-badges/scabivax-forte.svg",
    product_spc_url:
      "https://hyperdrug.co.uk/scabivax-forte-solution-for-injection-for-sheep-50-doses",
    accent_color: "109,76,65",
    information:
      "A live vaccine against orf, scratched into the skin, for farms with an orf problem. A single dose for lambs from 1 day old and for ewes at least 7 weeks before lambing; immunity lasts at least 12 months, so ewes are revaccinated yearly.",
    warning_message: `Live vaccine, only for farms with an orf problem. ${orfHandlerWarning} Scabs shed virus for 7 weeks: keep vaccinated sheep off lambing areas. Lambs get no protection through colostrum.`,
    source_note: `S20 (H). Contraindicated in ewes less than 7 weeks before lambing (S20). ${orfHandlerSource} ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 1,
      min_age_days: 1,
      live: true,
      min_days_before_birth: weeks(7),
    }),
  },
  {
    id: VaccineId.scabigard,
    name: "Scabigard",
    size_info: "50 dose, 100 dose (with applicator)",
    vaccine_type: "SCARIFICATION",
    logo_url: "/vaccine-badges/scabigard.svg",
    product_spc_url: "http://www.noahcompendium.co.uk/?id=-482505",
    accent_color: "84,110,122",
    information:
      "A live vaccine against orf, scratched into the skin, for farms with an orf problem: a single dose for lambs from 1 day old and for ewes at least 7 weeks before lambing, repeated yearly.",
    warning_message: `Live vaccine, only for farms with an orf problem. ${orfHandlerWarning} Scabs shed virus for 7 weeks: keep vaccinated sheep off lambing areas. Lambs get no protection through colostrum.`,
    source_note: `S20 (H). Contraindicated in ewes less than 7 weeks before lambing (S20). ${orfHandlerSource} ${packSizeCaveat}`,
    rules: defineRules({
      max_shots: 1,
      min_age_days: 1,
      live: true,
      min_days_before_birth: weeks(7),
    }),
  },
];

/**
 * Rule facts kept beside the seed list (decision 415; stored since migration 0021), by vaccine id: Bovela's virus can
 * cross to the calf in pregnancy (S2), and what the person giving a live orf vaccine must know
 * (S20). The seed (`vaccines`) leaves them out, as the database stores it today; the warning texts
 * are in each vaccine's `warning_message` too, which the apps show.
 */
const vaccineRuleExtras: Readonly<Partial<Record<VaccineId, Partial<VaccineRules>>>> = {
  [VaccineId.bovela]: { crosses_placenta: true },
  [VaccineId.scabivaxForte]: { handler_warning: orfHandlerWarning },
  [VaccineId.scabigard]: { handler_warning: orfHandlerWarning },
};

/** The vaccines given, each with the rule facts of decision 415 (stored since migration 0021). */
export function withVaccineRuleExtras(list: readonly Vaccine[]): Vaccine[] {
  // Said of every vaccine, as the database's columns (migration 0021) say it.
  const none = { crosses_placenta: false, handler_warning: null };
  return list.map((vaccine) => {
    const extras = vaccineRuleExtras[vaccine.id as VaccineId];
    return { ...vaccine, rules: { ...none, ...vaccine.rules, ...extras } };
  });
}
