import { noVaccineRules, type ReferenceLists } from "@vaxcal/contracts";

/** A small, contract-typed slice of the reference data: one sheep enterprise, one disease. */
export const referenceFixtures: ReferenceLists = {
  enterprises: [
    {
      id: 3,
      name: "Sheep",
      animalArray: [5],
      animals: [{ id: 5, name: "Ewes" }],
      defaultSeasonId: 4,
    },
  ],
  animals: [
    {
      id: 5,
      name: "Ewes",
      isAdult: true,
      hasBirthDate: true,
      sortOrder: 1,
      seasons: [4],
      diseases: [1],
    },
  ],
  diseases: [
    {
      id: 1,
      name: "Clostridial diseases",
      desc_name: "Clostridial diseases",
      footnote: null,
      footnoteNumber: null,
      animals: [{ animal_id: 5, vaccine_id: 1, herd_status_question: null }],
    },
  ],
  vaccines: [
    {
      id: 1,
      name: "Example 8-in-1",
      size_info: "50 ml",
      vaccine_type: "SC",
      logo_url: "/logos/example.png",
      product_spc_url: "https://example.org/spc",
      accent_color: "47,107,52",
      information: "Two doses four to six weeks apart, then a yearly booster.",
      warning_message: "",
      source_note: "S1 (H)",
      rules: { ...noVaccineRules, max_shots: 2 },
    },
  ],
  seasons: [
    {
      id: 4,
      name: "Spring lambing",
      animals: [
        {
          id: 5,
          name: "Ewes",
          pivot: { enterprise_id: 3, birth_date: "0.03.01", breeding_date: "-1.10.05" },
        },
      ],
    },
  ],
  animalEnterpriseSeasonCombinations: [
    {
      id: 1,
      animal_id: 5,
      enterprise_id: 3,
      season_id: 4,
      birth_date: "0.03.01",
      breeding_date: "-1.10.05",
    },
  ],
  warnings: [
    {
      id: 1,
      slug: "maxShotsReached",
      title: "Most shots reached",
      body: "This vaccine already has {count} shots this year.",
      button_confirm: "Add anyway",
      button_cancel: "Cancel",
      severity: "attention",
    },
  ],
  shotTemplates: [],
  territoryManagers: [
    { id: 1, territory_manager_name: "Sam Byrne", territory_manager_email: "sam@example.org" },
  ],
  vets: [
    {
      id: 1,
      vet_practice_name: "Riverside Veterinary",
      vet_practice_address_id: null,
      town: "Macroom",
    },
  ],
};
