import {
  vetPracticePaths,
  type DoseDueWeek,
  type DosesDueSummary,
  type VetDashboard,
  type VetPracticeMembers,
} from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";

/* A vet practice as the API serves it (contracts' vet-practices.ts), for the vet dashboard. */

export const vetDashboardFixture: VetDashboard = {
  practice: { id: 7, name: "Glenbeg Veterinary Clinic", town: "Macroom", email: "glen@vets.ie" },
  role: "VET_MANAGER",
  clients: [
    {
      id: 21,
      name: "Nora",
      surname: "Murphy",
      farm_name: "Hill Farm",
      town: "Macroom",
      county: "Cork",
      herd_size: "51-100",
      flock_size: null,
      calendars: [
        {
          id: 12,
          enterprise: "Dairy",
          animal: "Cows",
          season: "Spring calving",
          year: 2026,
          updated_at: "2026-11-20T10:15:00.000Z",
        },
      ],
    },
    {
      id: 22,
      name: "Seán",
      surname: "Walsh",
      farm_name: null,
      town: "Bandon",
      county: "Cork",
      herd_size: null,
      flock_size: "200+",
      calendars: [],
    },
  ],
};

export const dosesDueWeekFixture: DoseDueWeek = {
  week_start: "2026-11-23",
  vaccines: [
    {
      vaccine_id: 3,
      vaccine: "Bovilis BVD",
      doses: { min: 51, max: 100 },
      unknown_farms: 1,
      shots: [
        {
          calendar_id: 12,
          client_id: 21,
          client_name: "Nora Murphy",
          farm_name: "Hill Farm",
          date: "2026-11-25",
          disease: "BVD",
          animal: "Cows",
          doses: { min: 51, max: 100 },
        },
        {
          calendar_id: 14,
          client_id: 22,
          client_name: "Seán Walsh",
          farm_name: null,
          date: "2026-11-26",
          disease: "BVD",
          animal: "Cows",
          doses: null,
        },
      ],
    },
  ],
};

export const dosesDueFixture: DosesDueSummary = {
  from: "2026-11-23",
  to: "2027-01-17",
  weeks: [
    {
      week_start: "2026-11-23",
      shot_count: 2,
      vaccines: [
        {
          vaccine_id: 3,
          vaccine: "Bovilis BVD",
          doses: { min: 51, max: 100 },
          unknown_farms: 1,
          shot_count: 2,
          farm_count: 2,
        },
      ],
    },
  ],
};

export const vetMembersFixture: VetPracticeMembers = {
  email_verified: true,
  members: [
    {
      id: 31,
      name: "Aoife",
      surname: "Byrne",
      email: "glen@vets.ie",
      role: "VET_MANAGER",
      joined_at: "2026-11-01T10:00:00.000Z",
    },
  ],
  invites: [],
};

export function createVetHandlers() {
  return [
    http.get(vetPracticePaths.dashboard, () => HttpResponse.json(vetDashboardFixture)),
    http.get(vetPracticePaths.dosesDue, () => HttpResponse.json(dosesDueFixture)),
    http.get(vetPracticePaths.dosesDueWeek, () => HttpResponse.json(dosesDueWeekFixture)),
    http.get(vetPracticePaths.members, () => HttpResponse.json(vetMembersFixture)),
    http.get(vetPracticePaths.digest, () =>
      HttpResponse.json({ digest_emails: true, email_verified: true }),
    ),
    http.put(vetPracticePaths.digest, async ({ request }) => {
      const body = (await request.json()) as { digest_emails: boolean };
      return HttpResponse.json({ digest_emails: body.digest_emails, email_verified: true });
    }),
  ];
}
