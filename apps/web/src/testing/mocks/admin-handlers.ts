import {
  ErrorCode,
  adminMessages,
  adminPaths,
  type ErrorBody,
  type ListAuditResponse,
  type ListProductsResponse,
  type ReferenceDifferenceItem,
  type Product,
  type ProductInput,
} from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
import { createAccountHandlers } from "./account-handlers.ts";
import { farmerFixture } from "./account-fixtures.ts";

/** A signed-in admin (docs/product.md D2): the profile answers with the ADMIN role. */
export function createAdminProfileHandlers() {
  return createAccountHandlers({
    ...farmerFixture,
    name: "Aoife",
    roles: [{ name: "ADMIN" }],
  });
}

export function buildProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: "Bovilis BVD",
    size_info: "10 dose / 20 ml",
    vaccine_type: "IM",
    logo_url: "/vaccine-badges/bovilis-bvd.svg",
    product_spc_url: "https://www.example.ie/spc/bovilis-bvd",
    accent_color: "0,94,184",
    information: "An inactivated vaccine.",
    warning_message: "Gives the calf no protection if given less than 4 weeks before breeding.",
    source_note: "S1 (H)",
    retired: false,
    rules: {
      max_shots: 2,
      min_age_days: 240,
      live: false,
      not_in_pregnancy: false,
      min_days_before_breeding: 28,
      blackout_birth_days: null,
      window_birth_days: null,
      compatible_vaccine_ids: [],
      course_interval_days: { from: 28, to: 35 },
      booster_window_birth_days: null,
      max_days_before_breeding: null,
      min_days_before_birth: null,
      not_protective_in_pregnancy: true,
      crosses_placenta: false,
      handler_warning: null,
    },
    diseases: [{ id: 1, name: "BVD" }],
    calendar_count: 3,
    updated_at: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

/** An in-memory product store behind the admin calls, recording what the screens asked. */
export function createAdminBackend() {
  const products = new Map<number, Product>([[1, buildProduct()]]);
  const listRequests: URLSearchParams[] = [];
  const savedInputs: ProductInput[] = [];
  const handlers = [
    http.get(adminPaths.products, ({ request }) => {
      const params = new URL(request.url).searchParams;
      listRequests.push(params);
      const search = (params.get("search") ?? "").toLowerCase();
      const items = [...products.values()]
        .filter((product) => product.name.toLowerCase().includes(search))
        .map((product) => ({
          id: product.id,
          name: product.name,
          categories: ["Dairy", "Beef"],
          diseases: product.diseases.map((disease) => disease.name),
          retired: product.retired,
        }));
      return HttpResponse.json<ListProductsResponse>({
        items,
        total: items.length,
        page: Number(params.get("page") ?? "1"),
        pageSize: 20,
      });
    }),
    http.get<{ id: string }, never, Product | ErrorBody>(adminPaths.product, ({ params }) => {
      const product = products.get(Number(params.id));
      return product
        ? HttpResponse.json(product)
        : HttpResponse.json(
            { error: { code: ErrorCode.notFound, message: adminMessages.productNotFound } },
            { status: 404 },
          );
    }),
    http.post(adminPaths.products, async ({ request }) => {
      const input = (await request.json()) as ProductInput;
      savedInputs.push(input);
      const product = buildProduct({
        ...input,
        id: products.size + 1,
        diseases: [],
        calendar_count: 0,
      });
      products.set(product.id, product);
      return HttpResponse.json<Product>(product, { status: 201 });
    }),
    http.put(adminPaths.product, async ({ params, request }) => {
      const input = (await request.json()) as ProductInput;
      savedInputs.push(input);
      const before = products.get(Number(params.id));
      if (!before) return HttpResponse.json({}, { status: 404 });
      const product = { ...before, ...input, updated_at: new Date().toISOString() };
      products.set(product.id, product);
      return HttpResponse.json<Product>(product);
    }),
    http.delete(adminPaths.product, () =>
      HttpResponse.json<ErrorBody>(
        { error: { code: ErrorCode.conflict, message: adminMessages.productInUse } },
        { status: 409 },
      ),
    ),
    http.get(adminPaths.referenceDifferences, () =>
      HttpResponse.json<ReferenceDifferenceItem[]>([
        {
          table: "vaccines",
          key: { id: 1 },
          kind: "changed",
          fields: [{ field: "warningMessage", shipped: "Old warning.", current: "New warning." }],
        },
      ]),
    ),
    http.get(adminPaths.audit, () =>
      HttpResponse.json<ListAuditResponse>({
        items: [
          {
            id: 1,
            occurred_at: "2026-11-02T09:30:00.000Z",
            user_label: "aoife@example.ie",
            action: "update",
            entity: "vaccine",
            entity_id: 1,
            vaccine_id: 1,
            before: { name: "Bovilis BVD", warning_message: "Old warning." },
            after: { name: "Bovilis BVD", warning_message: "New warning." },
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
    ),
  ];
  return { products, listRequests, savedInputs, handlers };
}
