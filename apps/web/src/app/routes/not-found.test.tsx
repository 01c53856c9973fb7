import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../testing/render-app.tsx";

describe("unknown paths", () => {
  it.each(["/nope", "/calendars/extra/deep", "/vet"])("%s shows the 404 text", async (path) => {
    renderApp(path);

    expect(
      await screen.findByRole("heading", {
        level: 1,
        name: "The page you are looking for does not exist.",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });
});
