import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { calendarPaths } from "@vaxcal/contracts";
import axe from "axe-core";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { createQueryClient } from "../../../lib/query-client.ts";
import { server } from "../../../testing/mocks/server.ts";
import { DownloadCalendarWithMonths } from "./download-calendar-button.tsx";

/* Issue 25, item 7: the farmer chooses 12, 24 or 36 months; the download asks for that many. */

let asked: string[];
let saved: string[];
let anchorClick: MockInstance<HTMLAnchorElement["click"]>;

beforeEach(() => {
  asked = [];
  saved = [];
  server.use(
    http.get(calendarPaths.download, ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      return new HttpResponse("%PDF-1.7 test", { headers: { "Content-Type": "application/pdf" } });
    }),
  );
  URL.createObjectURL = () => "blob:pdf";
  URL.revokeObjectURL = () => {};
  anchorClick = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  anchorClick.mockRestore();
});

function renderDownload() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DownloadCalendarWithMonths
        calendar={{ id: 41, downloadUrl: "/api/calendars/41/download" }}
        label="Download PDF"
      />
    </QueryClientProvider>,
  );
}

describe("the PDF's length", () => {
  it("is 12 months unless changed, and the download asks for no more", async () => {
    const user = userEvent.setup();
    renderDownload();
    const select = screen.getByRole("combobox", { name: "PDF covers" });
    expect(select).toHaveValue("12");
    expect([...select.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "12 months",
      "24 months",
      "36 months",
    ]);
    await user.click(screen.getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(saved).toEqual(["calendar-41.pdf"]));
    expect(asked).toEqual(["/api/calendars/41/download"]);
  });

  it("24 or 36 chosen by keyboard is asked for with ?months=", async () => {
    const user = userEvent.setup();
    renderDownload();
    const select = screen.getByRole("combobox", { name: "PDF covers" });
    await user.tab();
    expect(select).toHaveFocus();
    await user.selectOptions(select, "24");
    await user.tab();
    expect(screen.getByRole("button", { name: "Download PDF" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(asked).toEqual(["/api/calendars/41/download?months=24"]));
    await user.selectOptions(select, "36");
    await user.click(screen.getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toBe("/api/calendars/41/download?months=36");
  });

  it("has no accessibility violations (axe)", async () => {
    const { container } = renderDownload();
    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
