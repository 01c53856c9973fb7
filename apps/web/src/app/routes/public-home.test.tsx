import { referenceLists } from "@vaxcal/contracts";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createFailingReferenceHandler } from "../../testing/mocks/handlers.ts";
import { referenceFixtures } from "../../testing/mocks/reference-fixtures.ts";
import { server } from "../../testing/mocks/server.ts";
import { renderApp } from "../../testing/render-app.tsx";

describe("PublicHome (docs/product.md §2)", () => {
  it("loads the initial data first, then invites the visitor to register", async () => {
    const { user } = renderApp("/");

    const main = within(screen.getByRole("main"));
    expect(main.getByRole("status")).toHaveTextContent("Loading calendar data");
    expect(await main.findByText(/calendar is in development/)).toBeInTheDocument();

    await user.click(main.getByRole("button", { name: "Register" }));
    expect(screen.getByRole("dialog", { name: "Register with VaxCal" })).toBeInTheDocument();
  });

  it("does not invite a signed-in farmer to register (issue 10)", async () => {
    renderApp("/", { isAuthenticated: true });
    const main = within(screen.getByRole("main"));

    expect(await main.findByRole("button", { name: "Create your calendar" })).toBeVisible();
    expect(main.queryByRole("button", { name: "Register" })).toBeNull();
  });

  it("starts a calendar from 'Create your calendar'", async () => {
    const { user } = renderApp("/");
    const main = within(screen.getByRole("main"));

    await user.click(await main.findByRole("button", { name: "Create your calendar" }));

    expect(await screen.findByRole("dialog", { name: "Generate a calendar" })).toBeInTheDocument();
  });

  it("shows 'Failed to load initial data' and loads again on Try again", async () => {
    server.use(createFailingReferenceHandler("diseases"));
    const { user } = renderApp("/");
    const main = within(screen.getByRole("main"));

    expect(await main.findByRole("alert")).toHaveTextContent("Failed to load initial data");
    expect(main.queryByText(/calendar is in development/)).not.toBeInTheDocument();

    server.use(
      http.get(referenceLists.diseases.path, () => HttpResponse.json(referenceFixtures.diseases)),
    );
    await user.click(main.getByRole("button", { name: "Try again" }));
    expect(await main.findByText(/calendar is in development/)).toBeInTheDocument();
  });
});
