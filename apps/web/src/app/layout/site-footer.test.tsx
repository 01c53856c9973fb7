import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../testing/render-app.tsx";

describe("the site footer (docs/product.md §2 'Layout')", () => {
  it("has the company logo as a link to the company", async () => {
    renderApp("/logged-out");
    const footer = within(await screen.findByRole("contentinfo"));

    // The company is configured (VITE_COMPANY_NAME, VITE_COMPANY_URL); unset, it is VaxCal at /.
    const company = footer.getByRole("link", { name: "VaxCal" });
    expect(company).toHaveAttribute("href", "/");
    expect(company.querySelector("svg")).not.toBeNull();
    expect(
      footer.getByText(`© ${new Date().getFullYear()} VaxCal. All rights reserved.`),
    ).toBeVisible();
  });
});
