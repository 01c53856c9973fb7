import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import type { CalendarSummary } from "@vaxcal/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { calendarsTexts } from "../calendars-messages.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { buildCalendarSummary } from "../../../testing/mocks/calendar-handlers.ts";
import { CalendarFinalPage } from "./calendar-final-page.tsx";

const calendar = buildCalendarSummary({ id: 41 });
// What a vet of the linked practice gets back from saving a client's calendar (issue 23, M1).
const { feedUrls: _farmersFeed, ...savedByVet } = buildCalendarSummary({ id: 42 });

function renderFinalPage(shown: CalendarSummary = calendar, isUpdate = false) {
  const router = createMemoryRouter(
    [
      { path: "/calendar", element: <CalendarFinalPage calendar={shown} isUpdate={isUpdate} /> },
      { path: "/calendars", element: <h1>My Calendars</h1> },
      { path: "/vet/dashboard", element: <h1>Vet dashboard</h1> },
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
    // The PDF's button comes with its length, 12 months unless changed (issue 25, item 7).
    const actions = [...main.querySelectorAll(".final-page__actions > *")].map(
      (element) => element.querySelector("button")?.textContent ?? element.textContent,
    );
    expect(actions).toEqual(["Download PDF", "Add to phone calendar"]);
    expect(screen.getByRole("combobox", { name: "PDF covers" })).toHaveValue("12");
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

describe("for a vet who saved a client's calendar", () => {
  it("shows no feed link and no subscribe control, but says the farmer subscribes", () => {
    renderFinalPage(savedByVet, true);
    expect(screen.getByRole("button", { name: "Download PDF" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Add to phone calendar" })).toBeNull();
    expect(screen.queryByRole("heading", { name: /Add it to your phone/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /Add to (Google|Apple|Outlook)/ })).toBeNull();
    expect(screen.queryByLabelText("Link for other calendar apps")).toBeNull();
    expect(document.body.innerHTML).not.toContain("/api/calendars/feed/");
    expect(screen.getByText(calendarsTexts.feedIsTheFarmers)).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to the vet dashboard" })).toHaveAttribute(
      "href",
      "/vet/dashboard",
    );
  });

  it("still gives the owner the feed links", () => {
    renderFinalPage();
    expect(screen.getByRole("link", { name: /Add to Google Calendar/ })).toBeVisible();
    expect(screen.queryByText(calendarsTexts.feedIsTheFarmers)).toBeNull();
  });
});
