import { referenceLists } from "@vaxcal/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { referenceDataQueryOptions } from "../../features/reference-data/api/get-reference-data.ts";
import { createFailingReferenceHandler } from "../../testing/mocks/handlers.ts";
import { referenceFixtures } from "../../testing/mocks/reference-fixtures.ts";
import { server } from "../../testing/mocks/server.ts";
import { renderApp } from "../../testing/render-app.tsx";

describe("PublicHome (docs/product.md §2)", () => {
  it("invites the visitor to register at once, and loads the initial data alongside", async () => {
    const { user, queryClient } = renderApp("/");

    // No wait for the data: the same text as the page pre-rendered into index.html.
    const main = within(screen.getByRole("main"));
    expect(main.getByText(/calendar is in development/)).toBeInTheDocument();
    expect(main.queryByRole("status")).not.toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryData(referenceDataQueryOptions.queryKey)).toBeDefined(),
    );

    await user.click(main.getByRole("button", { name: "Register" }));
    expect(screen.getByRole("dialog", { name: "Register with VaxCal" })).toBeInTheDocument();
  });

  it("does not invite a signed-in farmer to register", async () => {
    renderApp("/", { isAuthenticated: true });
    const main = within(screen.getByRole("main"));

    expect(await main.findByRole("button", { name: "Create your calendar" })).toBeVisible();
    expect(main.queryByRole("button", { name: "Register" })).toBeNull();
  });

  it("starts a calendar from 'Create your calendar'", async () => {
    const { user } = renderApp("/");
    const main = within(screen.getByRole("main"));

    await user.click(await main.findByRole("button", { name: "Create your calendar" }));

    expect(await screen.findByRole("dialog", { name: "Create your calendar" })).toBeInTheDocument();
  });

  it("keeps its text and adds 'Failed to load initial data', which loads again on Try again", async () => {
    server.use(createFailingReferenceHandler("diseases"));
    const { user } = renderApp("/");
    const main = within(screen.getByRole("main"));

    expect(await main.findByRole("alert")).toHaveTextContent("Failed to load initial data");
    expect(main.getByText(/calendar is in development/)).toBeInTheDocument();

    server.use(
      http.get(referenceLists.diseases.path, () => HttpResponse.json(referenceFixtures.diseases)),
    );
    await user.click(main.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(main.queryByRole("alert")).not.toBeInTheDocument());
    expect(main.getByRole("button", { name: "Create your calendar" })).toBeInTheDocument();
  });
});
