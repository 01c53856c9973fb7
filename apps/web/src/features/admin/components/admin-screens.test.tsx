import { screen, waitFor, within } from "@testing-library/react";
import { adminMessages, adminPaths, ErrorCode, type ErrorBody } from "@vaxcal/contracts";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createAdminBackend,
  createAdminProfileHandlers,
} from "../../../testing/mocks/admin-handlers.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";

let backend: ReturnType<typeof createAdminBackend>;
beforeEach(() => {
  backend = createAdminBackend();
  server.use(...createAdminProfileHandlers(), ...backend.handlers);
});

describe("Product management (/admin)", () => {
  it("shows the header, Back, 'Add product', the filters and the table", async () => {
    renderApp("/admin", { isAuthenticated: true });

    expect(
      await screen.findByRole("heading", { level: 1, name: "Product management" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Add product" })).toHaveAttribute(
      "href",
      "/edit/product/",
    );
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Bovilis BVD", "Dairy, Beef", "BVD"]);
    const sidebar = screen.getByRole("navigation", { name: "Admin" });
    expect(
      within(sidebar)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/admin/product/", "/admin/protocol/", "/admin/audit/", "/"]);
  });

  it("asks the server to filter by disease and by the search text", async () => {
    const { user } = renderApp("/admin", { isAuthenticated: true });
    await screen.findByRole("table");

    const disease = screen.getByRole("combobox", { name: "Disease" });
    await waitFor(() => expect(within(disease).getAllByRole("option").length).toBeGreaterThan(1));
    const option = within(disease).getAllByRole("option")[1] as HTMLOptionElement;
    await user.selectOptions(disease, option);
    await waitFor(() => expect(backend.listRequests.at(-1)?.get("disease")).toBe(option.value));

    await user.type(screen.getByRole("searchbox", { name: "Search" }), "zzz");
    await waitFor(() => expect(backend.listRequests.at(-1)?.get("search")).toBe("zzz"));
    expect(await screen.findByText("No products match these filters.")).toBeInTheDocument();
  });

  it("says so when the list cannot load, with a way to try again", async () => {
    server.use(
      http.get(
        adminPaths.products,
        () =>
          HttpResponse.json<ErrorBody>(
            { error: { code: ErrorCode.internal, message: "Internal server error" } },
            { status: 500 },
          ),
        { once: true },
      ),
    );
    renderApp("/admin", { isAuthenticated: true });
    expect(await screen.findByText("Internal server error")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("shows a farmer that only an admin can see it, and calls nothing", async () => {
    // Back to the default handlers: the profile of a farmer.
    server.resetHandlers();
    const fresh = createAdminBackend();
    server.use(...fresh.handlers);
    renderApp("/admin", { isAuthenticated: true });
    expect(await screen.findByText("Only an admin can see this page.")).toBeInTheDocument();
    expect(fresh.listRequests).toHaveLength(0);
  });
});

describe("The product form (/edit/product/)", () => {
  it("shows each message beside its field before sending anything", async () => {
    const { user } = renderApp("/edit/product/", { isAuthenticated: true });
    await screen.findByRole("heading", { level: 1, name: "Add product" });

    await user.click(screen.getByRole("button", { name: "Add product" }));

    const name = screen.getByRole("textbox", { name: "Name" });
    // The form checks its fields asynchronously after the click: wait for the answer.
    await waitFor(() => expect(name).toHaveAttribute("aria-invalid", "true"));
    expect(name).toHaveAccessibleDescription(/Please enter the product name\./);
    expect(screen.getByRole("textbox", { name: /SPC link/ })).toHaveAccessibleDescription(
      /starting with https:\/\//,
    );
    expect(screen.getByRole("group", { name: "Routes" })).toHaveAccessibleDescription(
      /Please choose at least one route\./,
    );
    expect(backend.savedInputs).toHaveLength(0);
  });

  it("edits a product's warning message and saves every field", async () => {
    const { user } = renderApp("/edit/product/?id=1", { isAuthenticated: true });
    const warning = await screen.findByRole("textbox", { name: "Warning message" });
    await user.clear(warning);
    await user.type(warning, "Check the batch before use.");
    await user.click(screen.getByRole("button", { name: "Save product" }));

    await waitFor(() => expect(backend.savedInputs).toHaveLength(1));
    expect(backend.savedInputs[0]).toMatchObject({
      name: "Bovilis BVD",
      warning_message: "Check the batch before use.",
      vaccine_type: "IM",
      rules: { course_interval_days: { from: 28, to: 35 }, not_protective_in_pregnancy: true },
    });
    // The version the form was opened on, so a save over another admin's is refused.
    expect(backend.savedInputs[0]?.updated_at).toEqual(expect.any(String));
    expect(await screen.findByText(adminMessages.saved)).toBeInTheDocument();
  });

  it("says another admin saved the product meanwhile, and keeps the edits on screen", async () => {
    server.use(
      http.put(adminPaths.product, () =>
        HttpResponse.json<ErrorBody>(
          {
            error: { code: ErrorCode.conflict, message: adminMessages.productChangedMeanwhile },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp("/edit/product/?id=1", { isAuthenticated: true });
    const warning = await screen.findByRole("textbox", { name: "Warning message" });
    await user.clear(warning);
    await user.type(warning, "Mine.");
    await user.click(screen.getByRole("button", { name: "Save product" }));

    expect(await screen.findByText(adminMessages.productChangedMeanwhile)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Warning message" })).toHaveValue("Mine.");
  });

  it("shows the server's field messages beside the fields", async () => {
    server.use(
      http.put(adminPaths.product, () =>
        HttpResponse.json<ErrorBody>(
          {
            error: {
              code: ErrorCode.validation,
              message: adminMessages.nameTaken,
              issues: [{ path: "body.name", message: adminMessages.nameTaken }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp("/edit/product/?id=1", { isAuthenticated: true });
    await screen.findByRole("textbox", { name: "Warning message" });
    await user.click(screen.getByRole("button", { name: "Save product" }));

    expect(await screen.findByRole("textbox", { name: "Name" })).toHaveAccessibleDescription(
      /Another product already has this name\./,
    );
  });

  it("explains why a product in use cannot be deleted", async () => {
    const { user } = renderApp("/edit/product/?id=1", { isAuthenticated: true });
    // By text: role queries over the whole form are slow in jsdom.
    await user.click(await screen.findByText("Delete product"));
    await user.click(screen.getByText("Delete", { selector: "button" }));
    expect(await screen.findByText(adminMessages.productInUse)).toBeInTheDocument();
  });
});

describe("Audit (/admin/audit/)", () => {
  it("lists each change with who, and the fields before and after", async () => {
    renderApp("/admin/audit/", { isAuthenticated: true });
    const table = await screen.findByRole("table");
    expect(within(table).getByText("aoife@example.ie")).toBeInTheDocument();
    expect(
      within(table).getByText("warning_message: Old warning. → New warning."),
    ).toBeInTheDocument();
  });

  it("lists the reference rows that differ from the shipped data", async () => {
    renderApp("/admin/audit/", { isAuthenticated: true });
    const section = (
      await screen.findByRole("heading", { name: "Differences from the shipped reference data" })
    ).closest("section") as HTMLElement;
    const row = await within(section).findByRole("row", { name: /vaccines/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["vaccines", "id 1", "Edited", "warningMessage: Old warning. → New warning."]);
  });
});
