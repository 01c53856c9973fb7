import { screen, waitFor, within } from "@testing-library/react";
import {
  ErrorCode,
  adminPaths,
  protocolMessages,
  type AdminShotTemplate,
  type ErrorBody,
  type ProtocolPreviewResponse,
  type ShotTemplateInput,
} from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createAdminBackend,
  createAdminProfileHandlers,
} from "../../../testing/mocks/admin-handlers.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";

// Product 1 (Bovilis BVD in the admin backend) for animal 5 (Ewes in the reference fixtures).
const template: AdminShotTemplate = {
  id: 7,
  vaccine_id: 1,
  animal_id: 5,
  birth_days: null,
  breeding_days: -28,
  custom_name: null,
  is_recurrent: 1,
  herd_status: null,
  season_id: null,
  updated_at: "2026-11-01T10:00:00.000Z",
};

const previewAnswer: ProtocolPreviewResponse = {
  today: "2026-11-24",
  animal: { id: 5, name: "Ewes" },
  product_offered: true,
  seasons: [
    {
      combination_id: 1,
      enterprise: { id: 3, name: "Sheep" },
      season: { id: 4, name: "Spring lambing" },
      herd_status: "primed",
      current: {
        birth_date: "2027-03-01",
        breeding_date: "2026-10-05",
        shots: [
          {
            id: "1-7",
            disease_id: 1,
            disease_name: "Clostridial diseases",
            vaccine_name: "Bovilis BVD",
            template_id: 7,
            label: "Bovilis BVD",
            date: "2027-09-07",
            is_recurrent: 1,
            change: "moved",
          },
        ],
        warnings: [{ rule: "blackout", message: "Inside the lambing blackout.", is_new: false }],
      },
      proposed: {
        birth_date: "2027-03-01",
        breeding_date: "2026-10-05",
        shots: [
          {
            id: "1-7",
            disease_id: 1,
            disease_name: "Clostridial diseases",
            vaccine_name: "Bovilis BVD",
            template_id: 7,
            label: "Bovilis BVD",
            date: "2027-08-31",
            is_recurrent: 1,
            change: "moved",
          },
        ],
        warnings: [{ rule: "spacing", message: "Too close to another vaccine.", is_new: true }],
      },
      differences: [
        {
          change: "moved",
          shot_id: "1-7",
          disease_name: "Clostridial diseases",
          label: "Bovilis BVD",
          before: "2027-09-07",
          after: "2027-08-31",
        },
      ],
    },
  ],
};

let previewRequests: unknown[];
let savedTemplates: ShotTemplateInput[];
beforeEach(() => {
  previewRequests = [];
  savedTemplates = [];
  let stored = template;
  server.use(
    ...createAdminProfileHandlers(),
    ...createAdminBackend().handlers,
    http.get(adminPaths.shotTemplates, () => HttpResponse.json([stored])),
    http.put(adminPaths.shotTemplate, async ({ request }) => {
      const input = (await request.json()) as ShotTemplateInput;
      savedTemplates.push(input);
      stored = { ...stored, ...input, custom_name: input.custom_name ?? null, updated_at: "x" };
      return HttpResponse.json(stored);
    }),
    http.post(adminPaths.protocolPreview, async ({ request }) => {
      previewRequests.push(await request.json());
      return HttpResponse.json(previewAnswer);
    }),
    http.get(adminPaths.diseaseAnimals, () => HttpResponse.json([])),
    http.get(adminPaths.seasonDefaults, () => HttpResponse.json([])),
    http.get(adminPaths.warnings, () => HttpResponse.json([])),
  );
});

describe("Protocols (/admin/protocol/)", () => {
  it("asks for a product and an animal before showing templates", async () => {
    renderApp("/admin/protocol/", { isAuthenticated: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Protocols" })).toBeVisible();
    expect(
      screen.getByText("Choose a product and an animal to see and edit its shot templates."),
    ).toBeInTheDocument();
  });

  it("edits a template's offset, previews the change without saving, then saves", async () => {
    const { user } = renderApp("/admin/protocol/?vaccine=1&animal=5", { isAuthenticated: true });
    const table = await screen.findByRole("table", {
      name: "Shot templates of Bovilis BVD for Ewes",
    });
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("28 days before breeding");
    await user.click(
      within(table).getByRole("button", { name: "Edit Bovilis BVD, 28 days before breeding" }),
    );
    const editor = screen.getByRole("form", { name: "Edit Bovilis BVD" });
    const days = within(editor).getByRole("textbox", { name: "Days" });

    // A value that is not a whole number gets the server's own message beside the field.
    await user.clear(days);
    await user.type(days, "soon");
    await user.click(within(editor).getByRole("button", { name: "Preview" }));
    expect(days).toHaveAttribute("aria-invalid", "true");
    expect(days).toHaveAccessibleDescription(expect.stringContaining(protocolMessages.offsetRange));
    expect(previewRequests).toEqual([]);

    await user.clear(days);
    await user.type(days, "-35");
    await user.click(within(editor).getByRole("button", { name: "Preview" }));
    const preview = await screen.findByRole("region", {
      name: "Preview for Ewes: nothing is saved yet",
    });
    expect(previewRequests).toEqual([
      {
        kind: "shot_template",
        template_id: 7,
        template: expect.objectContaining({ breeding_days: -35, birth_days: null }),
      },
    ]);
    expect(
      within(preview).getByText(
        "Moved: Bovilis BVD (Clostridial diseases) from 7 Sep 2027 to 31 Aug 2027",
      ),
    ).toBeInTheDocument();
    expect(within(preview).getByRole("table", { name: /^Current/ })).toHaveTextContent("Moved");
    expect(
      within(preview).getByText("Too close to another vaccine.").parentElement,
    ).toHaveTextContent("New: Too close to another vaccine.");
    expect(
      within(preview).getByRole("heading", { name: "No longer raised with the change" })
        .nextElementSibling,
    ).toHaveTextContent("Inside the lambing blackout.");
    expect(savedTemplates).toEqual([]);

    await user.click(within(editor).getByRole("button", { name: "Save shot template" }));
    await waitFor(() => expect(savedTemplates).toHaveLength(1));
    expect(savedTemplates[0]).toMatchObject({
      vaccine_id: 1,
      animal_id: 5,
      breeding_days: -35,
      // The version the editor opened, so a save over another admin's newer one is refused.
      updated_at: template.updated_at,
    });
    expect(await screen.findByText(protocolMessages.templateSaved)).toBeInTheDocument();
  });

  it("shows the server's field message when a save is refused", async () => {
    server.use(
      http.put(adminPaths.shotTemplate, () =>
        HttpResponse.json<ErrorBody>(
          {
            error: {
              code: ErrorCode.validation,
              message: protocolMessages.seasonNotOffered,
              issues: [{ path: "body.season_id", message: protocolMessages.seasonNotOffered }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp("/admin/protocol/?vaccine=1&animal=5", { isAuthenticated: true });
    const table = await screen.findByRole("table", {
      name: "Shot templates of Bovilis BVD for Ewes",
    });
    await user.click(within(table).getByRole("button", { name: /^Edit Bovilis BVD/ }));
    await user.click(screen.getByRole("button", { name: "Save shot template" }));
    const season = screen.getByRole("combobox", { name: "Season" });
    await waitFor(() => expect(season).toHaveAttribute("aria-invalid", "true"));
    expect(season).toHaveAccessibleDescription(
      expect.stringContaining(protocolMessages.seasonNotOffered),
    );
  });

  it("previews and saves a disease's new default product for the animal", async () => {
    const savedLinks: unknown[] = [];
    server.use(
      http.get(adminPaths.diseaseAnimals, () =>
        HttpResponse.json([
          {
            disease_id: 1,
            disease_name: "Clostridial diseases",
            animal_id: 5,
            animal_name: "Ewes",
            vaccine_id: 1,
            vaccine_name: "Bovilis BVD",
            herd_status_question: null,
          },
        ]),
      ),
      http.put(adminPaths.diseaseAnimal, async ({ request, params }) => {
        savedLinks.push({ params, body: await request.json() });
        return HttpResponse.json({
          disease_id: 1,
          disease_name: "Clostridial diseases",
          animal_id: 5,
          animal_name: "Ewes",
          vaccine_id: 1,
          vaccine_name: "Bovilis BVD",
          herd_status_question: "Boosted last year?",
        });
      }),
    );
    const { user } = renderApp("/admin/protocol/?animal=5", { isAuthenticated: true });
    const question = await screen.findByRole("textbox", {
      name: "Herd status question for Clostridial diseases",
    });
    await user.type(question, "Boosted last year?");
    await user.click(screen.getByRole("button", { name: "Preview the Clostridial diseases link" }));
    expect(
      await screen.findByRole("region", { name: "Preview for Ewes: nothing is saved yet" }),
    ).toBeInTheDocument();
    expect(previewRequests).toEqual([
      {
        kind: "disease_animal",
        disease_id: 1,
        animal_id: 5,
        link: { vaccine_id: 1, herd_status_question: "Boosted last year?" },
      },
    ]);
    expect(savedLinks).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Save the Clostridial diseases link" }));
    await waitFor(() =>
      expect(savedLinks).toEqual([
        {
          params: { diseaseId: "1", animalId: "5" },
          body: { vaccine_id: 1, herd_status_question: "Boosted last year?" },
        },
      ]),
    );
    expect(await screen.findByText(protocolMessages.linkSaved)).toBeInTheDocument();
  });

  it("says so when the templates cannot load, with a way to try again", async () => {
    server.use(
      http.get(
        adminPaths.shotTemplates,
        () =>
          HttpResponse.json<ErrorBody>(
            { error: { code: ErrorCode.internal, message: "Internal server error" } },
            { status: 500 },
          ),
        { once: true },
      ),
    );
    const { user } = renderApp("/admin/protocol/?vaccine=1&animal=5", { isAuthenticated: true });
    expect(await screen.findByText("Internal server error")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(
      await screen.findByRole("table", { name: "Shot templates of Bovilis BVD for Ewes" }),
    ).toBeInTheDocument();
  });
});

describe("Protocols: disease links, season dates and popup messages", () => {
  it("asks for a disease and a product before offering another disease", async () => {
    const createdLinks: unknown[] = [];
    server.use(
      http.post(adminPaths.diseaseAnimals, async ({ request }) => {
        createdLinks.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp("/admin/protocol/?animal=5", { isAuthenticated: true });
    const form = await screen.findByRole("form", { name: "Offer another disease" });
    await user.click(within(form).getByRole("button", { name: "Offer the disease" }));

    const disease = within(form).getByRole("combobox", { name: "Disease" });
    await waitFor(() => expect(disease).toHaveAttribute("aria-invalid", "true"));
    expect(disease).toHaveAccessibleDescription(
      expect.stringContaining(protocolMessages.diseaseUnknown),
    );
    expect(
      within(form).getByRole("combobox", { name: "Default product" }),
    ).toHaveAccessibleDescription(expect.stringContaining(protocolMessages.productUnknown));
    expect(within(form).getByRole("alert")).toHaveTextContent(protocolMessages.diseaseUnknown);
    expect(createdLinks).toEqual([]);
  });

  it("shows the server's message beside a season date it refuses", async () => {
    server.use(
      http.get(adminPaths.seasonDefaults, () =>
        HttpResponse.json([
          {
            id: 3,
            animal_id: 5,
            animal_name: "Ewes",
            enterprise_id: 3,
            enterprise_name: "Sheep",
            season_id: 4,
            season_name: "Spring lambing",
            birth_date: "0.03.01",
            breeding_date: "-1.10.05",
          },
        ]),
      ),
      http.put(adminPaths.seasonDefault, () =>
        HttpResponse.json<ErrorBody>(
          {
            error: {
              code: ErrorCode.validation,
              message: protocolMessages.seasonDateInvalid,
              issues: [
                {
                  path: "body.season_default.birth_date",
                  message: protocolMessages.seasonDateInvalid,
                },
              ],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp("/admin/protocol/?animal=5", { isAuthenticated: true });
    const birth = await screen.findByRole("textbox", {
      name: "Birth date for Sheep, Spring lambing",
    });
    await user.clear(birth);
    await user.type(birth, "0.13.01");
    await user.click(
      screen.getByRole("button", { name: "Save the dates for Sheep, Spring lambing" }),
    );
    await waitFor(() => expect(birth).toHaveAttribute("aria-invalid", "true"));
    expect(birth).toHaveAccessibleDescription(
      expect.stringContaining(protocolMessages.seasonDateInvalid),
    );
  });

  it("saves a popup message's texts and severity", async () => {
    const savedWarnings: unknown[] = [];
    const warning = {
      id: 2,
      slug: "breeding-before-birth",
      title: "Check the dates",
      body: "Breeding comes before birth.",
      button_confirm: null,
      button_cancel: null,
      severity: "attention",
    };
    server.use(
      http.get(adminPaths.warnings, () => HttpResponse.json([warning])),
      http.put(adminPaths.warning, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        savedWarnings.push(body);
        return HttpResponse.json({ ...warning, ...body });
      }),
    );
    const { user } = renderApp("/admin/protocol/", { isAuthenticated: true });
    await user.click(await screen.findByText("Check the dates"));
    const form = screen.getByRole("form", { name: "Popup message breeding-before-birth" });
    const title = within(form).getByRole("textbox", { name: "Title" });
    await user.clear(title);
    await user.type(title, "Check the dates again");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Severity" }), "alert");
    await user.click(within(form).getByRole("button", { name: "Save popup message" }));

    await waitFor(() =>
      expect(savedWarnings).toEqual([
        {
          title: "Check the dates again",
          body: "Breeding comes before birth.",
          button_confirm: "",
          button_cancel: "",
          severity: "alert",
        },
      ]),
    );
    expect(await screen.findByText(protocolMessages.warningSaved)).toBeInTheDocument();
  });
});
