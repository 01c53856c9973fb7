import {
  farmWeekPaths,
  reminderPaths,
  type FarmWeekResponse,
  type ReminderStatusResponse,
} from "@vaxcal/contracts";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { buildFarmWeekItem, farmWeekChannels } from "../../../testing/mocks/farm-week-fixtures.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { signInAs } from "../../../testing/sign-in.ts";

describe("account settings: vaccination reminders (decision 601)", () => {
  it("says which reminders are on and shows each failed reminder with its day and reason", async () => {
    signInAs();
    server.use(
      http.get(reminderPaths.status, () =>
        HttpResponse.json<ReminderStatusResponse>({
          email_reminders: false,
          text_reminders: true,
          failures: [
            {
              channel: "sms",
              recipient: "087…",
              due_date: "2026-03-20",
              failed_at: "2026-03-13T09:00:05.000Z",
              reason: "Twilio refused the message: HTTP 400, code 21211",
            },
          ],
        }),
      ),
    );
    renderApp("/settings");
    expect(
      await screen.findByText(/Email reminders are off\. Text reminders are on\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Text to 087… failed on 13 Mar 2026: Twilio refused the message: HTTP 400, code 21211",
      ),
    ).toBeInTheDocument();
  });

  it("says when the reminders could not be loaded, and offers to try again", async () => {
    signInAs();
    server.use(http.get(reminderPaths.status, () => HttpResponse.json({}, { status: 500 })));
    renderApp("/settings");
    expect(await screen.findByText(/We could not load your reminders\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /try again/i })).toBeInTheDocument();
  });
});

describe("account settings: the next reminders (decision 603)", () => {
  it("lists the channels and the next 5 reminders, soonest first, in Irish time", async () => {
    signInAs();
    const item = (shotId: string, date: string, at: string) =>
      buildFarmWeekItem({
        shot_id: shotId,
        date,
        reminders: [{ channel: "sms", recipient: "+353871234567", at, status: "planned" }],
      });
    server.use(
      http.get(farmWeekPaths.list, () =>
        HttpResponse.json<FarmWeekResponse>({
          today: "2026-03-02",
          to: "2026-05-03",
          calendars: 1,
          truncated: false,
          channels: farmWeekChannels,
          no_reminder_reason: null,
          items: [
            item("f", "2026-04-20", "2026-04-13T08:00:00.000Z"),
            item("b", "2026-03-20", "2026-03-13T09:00:00.000Z"),
            item("a", "2026-03-10", "2026-03-03T09:00:00.000Z"),
            item("e", "2026-04-05", "2026-03-29T08:00:00.000Z"),
            item("c", "2026-03-25", "2026-03-18T09:00:00.000Z"),
            item("d", "2026-04-01", "2026-03-25T09:00:00.000Z"),
          ],
        }),
      ),
    );
    renderApp("/settings");
    const section = await screen.findByRole("region", { name: "Next reminders" });
    const channels = await within(section).findByRole("list", { name: "Where reminders go" });
    expect(
      within(channels)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Texts to 087 123 4567: on", "Emails to aoife@example.ie: not verified yet"]);
    const next = within(section).getAllByRole("listitem").slice(2);
    expect(next.map((li) => li.textContent?.split(":")[0])).toEqual([
      "Text to 087 123 4567 on Tue 3 Mar, 09",
      "Text to 087 123 4567 on Fri 13 Mar, 09",
      "Text to 087 123 4567 on Wed 18 Mar, 09",
      "Text to 087 123 4567 on Wed 25 Mar, 09",
      "Text to 087 123 4567 on Sun 29 Mar, 09",
    ]);
    expect(
      within(section).getByRole("link", { name: "See everything due on your farm" }),
    ).toHaveAttribute("href", "/this-week");
  });
});
