import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useNavigateToError } from "../../lib/error-route.ts";
import { allowConsoleErrors } from "../../testing/console-guard.ts";
import { renderTestScreens } from "../../testing/render-test-screens.tsx";

function FailingScreen() {
  const navigateToError = useNavigateToError();
  return (
    <button type="button" onClick={() => navigateToError("Failed to load calendar detail")}>
      Load
    </button>
  );
}

function BrokenScreen(): never {
  throw new Error("render bug");
}

/** The app's routes plus two test screens, mounted in the real layout. */
function renderWithTestScreens(path: string) {
  const router = renderTestScreens(
    [
      { path: "/test/failing/:id", element: <FailingScreen /> },
      { path: "/test/broken", element: <BrokenScreen /> },
    ],
    path,
    { keepsAppScreens: true },
  );
  return { router, user: userEvent.setup() };
}

describe("the error route (docs/product.md §2, D5)", () => {
  it("shows the message without changing the URL, and Try again returns to the screen", async () => {
    const { router, user } = renderWithTestScreens("/test/failing/12?year=2026");

    await user.click(screen.getByRole("button", { name: "Load" }));

    const main = within(screen.getByRole("main"));
    expect(
      main.getByRole("heading", { level: 1, name: "Failed to load calendar detail" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/test/failing/12");
    expect(router.state.location.search).toBe("?year=2026");

    await user.click(main.getByRole("button", { name: "Try again" }));
    expect(main.getByRole("button", { name: "Load" })).toBeInTheDocument();
  });

  it("catches a screen that fails to render and keeps the header", async () => {
    allowConsoleErrors();
    renderWithTestScreens("/test/broken");

    expect(
      await screen.findByRole("heading", { level: 1, name: /Something went wrong on our side/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.queryByText("render bug")).not.toBeInTheDocument();
  });
});
