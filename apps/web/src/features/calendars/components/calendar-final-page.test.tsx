import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client.ts";
import { buildCalendarSummary } from "../../../testing/mocks/calendar-handlers.ts";
import { CalendarFinalPage } from "./calendar-final-page.tsx";

const calendar = buildCalendarSummary({ id: 41 });

function renderFinalPage() {
  const router = createMemoryRouter(
    [
      { path: "/calendar", element: <CalendarFinalPage calendar={calendar} isUpdate={false} /> },
      { path: "/calendars", element: <h1>My Calendars</h1> },
    ],
    { initialEntries: ["/calendar"] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function waitSeconds(seconds: number) {
  for (let second = 0; second < seconds; second += 1) {
    act(() => {
      vi.advanceTimersByTime(1000);
    });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the final page stays (no redirect to My Calendars)", () => {
  it("leads with Download PDF and Add to phone calendar", () => {
    renderFinalPage();
    const main = screen.getByRole("heading", { level: 1, name: "Download your calendar" })
      .parentElement as HTMLElement;
    const actions = [...main.querySelectorAll(".final-page__actions > *")].map(
      (element) => element.textContent,
    );
    expect(actions).toEqual(["Download PDF", "Add to phone calendar"]);
    expect(screen.getByRole("link", { name: "Add to phone calendar" })).toHaveAttribute(
      "href",
      "#final-page-feed",
    );
  });

  it("is still there after a minute, with no countdown", () => {
    const router = renderFinalPage();
    waitSeconds(60);

    expect(router.state.location.pathname).toBe("/calendar");
    expect(screen.queryByText(/We will take you/)).toBeNull();
    expect(screen.getByRole("link", { name: "Go to My calendars" })).toHaveAttribute(
      "href",
      "/calendars",
    );
  });
});
