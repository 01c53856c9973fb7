import type { TerritoryManager } from "@vaxcal/contracts";

/*
 * Fictional practices and people for development and demos; seeded only outside production.
 * E-mail addresses use the reserved example.com domain so nothing can reach a real inbox.
 */

export type DemoVetPractice = {
  id: number;
  vet_practice_name: string;
  address1: string;
  town: string;
  county: string;
  country: string;
  /** An Eircode in the Republic; a postcode in Northern Ireland. */
  eircode: string;
};

export const vetPractices: DemoVetPractice[] = [
  {
    id: 1,
    vet_practice_name: "Glenbeg Veterinary Clinic",
    address1: "Unit 3, Mart Road",
    town: "Macroom",
    county: "Cork",
    country: "Ireland",
    eircode: "P12 X4K7",
  },
  {
    id: 2,
    vet_practice_name: "Riverbank Farm Vets",
    address1: "14 Bridge Street",
    town: "Ballinasloe",
    county: "Galway",
    country: "Ireland",
    eircode: "H53 R2T9",
  },
  {
    id: 3,
    vet_practice_name: "Slieve Large Animal Practice",
    address1: "The Old Creamery",
    town: "Dungloe",
    county: "Donegal",
    country: "Ireland",
    eircode: "F94 W6N3",
  },
  {
    id: 4,
    vet_practice_name: "Kilbrack Mixed Practice",
    address1: "2 Church Lane",
    town: "Gorey",
    county: "Wexford",
    country: "Ireland",
    eircode: "Y25 K8D1",
  },
  {
    id: 5,
    vet_practice_name: "Mourne View Veterinary Centre",
    address1: "41 Newry Road",
    town: "Kilkeel",
    county: "Down",
    country: "Northern Ireland",
    eircode: "BT34 4QX",
  },
];

export const territoryManagers: TerritoryManager[] = [
  {
    id: 1,
    territory_manager_name: "Aoife Brennan",
    territory_manager_email: "aoife.brennan@example.com",
  },
  {
    id: 2,
    territory_manager_name: "Ciarán Moloney",
    territory_manager_email: "ciaran.moloney@example.com",
  },
  {
    id: 3,
    territory_manager_name: "Siobhán Keane",
    territory_manager_email: "siobhan.keane@example.com",
  },
];
