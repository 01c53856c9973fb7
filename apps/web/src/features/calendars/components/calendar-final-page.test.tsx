import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client.ts";
import { buildCalendarSummary } from "../../../testing/mocks/calendar-handlers.ts";
import { finalPageRedirectSeconds } from "../calendars-messages.ts";
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

describe("the final page's redirect to My Calendars (docs/product.md §4 'done')", () => {
  it("counts down where the farmer can see it, then goes to My Calendars", () => {
    const router = renderFinalPage();
    expect(screen.getByRole("heading", { level: 1, name: "Download your calendar" })).toBeVisible();
    expect(screen.getByText(String(finalPageRedirectSeconds))).toBeVisible();

    waitSeconds(finalPageRedirectSeconds - 1);
    expect(router.state.location.pathname).toBe("/calendar");
    expect(screen.getByText(/We will take you/)).toHaveTextContent(
      "We will take you to My Calendars in 1 second.",
    );

    waitSeconds(1);
    expect(router.state.location.pathname).toBe("/calendars");
  });

  it("stays when the farmer asks to", () => {
    const router = renderFinalPage();
    fireEvent.click(screen.getByRole("button", { name: "Stay on this page" }));
    waitSeconds(finalPageRedirectSeconds + 5);

    expect(router.state.location.pathname).toBe("/calendar");
    expect(screen.getByRole("link", { name: "Go to My Calendars" })).toHaveFocus();
    expect(screen.queryByText(/We will take you/)).toBeNull();
  });

  it("stays while the farmer uses a feed link", () => {
    const router = renderFinalPage();
    const apple = screen.getByRole("link", { name: "Add to Apple Calendar" });
    // jsdom cannot open webcal: links; the click is what matters here.
    apple.addEventListener("click", (event) => event.preventDefault());
    fireEvent.click(apple);
    waitSeconds(finalPageRedirectSeconds + 5);

    expect(router.state.location.pathname).toBe("/calendar");
  });
});
