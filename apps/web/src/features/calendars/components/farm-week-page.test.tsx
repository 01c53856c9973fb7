import {
  ErrorCode,
  buildGivenShotPath,
  givenShotMessages,
  type ErrorBody,
  farmWeekPaths,
  type FarmWeekResponse,
} from "@vaxcal/contracts";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { buildFarmWeekItem, farmWeekChannels } from "../../../testing/mocks/farm-week-fixtures.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { signInAs } from "../../../testing/sign-in.ts";

/*
 * This week on the farm (decision 603) as a signed-in farmer sees it: the server's answer is
 * fixed (today Thursday 26 March 2026, three days before the clocks go forward), so nothing here
 * reads the real date.
 */

const week: FarmWeekResponse = {
  today: "2026-03-26",
  to: "2026-05-24",
  calendars: 3,
  truncated: false,
  channels: farmWeekChannels,
  no_reminder_reason: null,
  items: [
    buildFarmWeekItem({
      calendar_id: 2,
      animal: "Heifers",
      calendar: "Heifers, Spring calving 2026",
      shot_id: "o1",
      date: "2026-03-20",
      group: "overdue",
      disease: "BVD",
      vaccine: "Bovilis BVD",
      no_reminder: "date_passed",
    }),
    buildFarmWeekItem({
      calendar_id: 3,
      animal: "Calves",
      calendar: "Calves, Spring calving 2026",
      shot_id: "w1",
      date: "2026-03-28",
      group: "this_week",
      disease: "Clostridial diseases",
      vaccine: "Covexin 10",
      reminders: [
        {
          channel: "sms",
          recipient: "+353871234567",
          at: "2026-03-21T09:00:00.000Z",
          status: "sent",
        },
      ],
    }),
    buildFarmWeekItem({
      reminders: [
        // Sunday 29 March, the day the clocks go forward: 08:00 UTC is 09:00 in Ireland.
        {
          channel: "sms",
          recipient: "+353871234567",
          at: "2026-03-29T08:00:00.000Z",
          status: "planned",
        },
      ],
    }),
  ],
};

describe("This week on the farm", () => {
  it("lists every calendar's shots under Overdue, Due this week and Next weeks, each with its reminder in Irish time", async () => {
    signInAs();
    server.use(http.get(farmWeekPaths.list, () => HttpResponse.json(week)));
    renderApp("/this-week");
    expect(
      await screen.findByRole("heading", { name: "This week on the farm", level: 1 }),
    ).toBeInTheDocument();
    await screen.findByRole("heading", { name: "Overdue", level: 2 });
    const headings = screen
      .getAllByRole("heading", { level: 2 })
      .map((heading) => heading.textContent)
      .filter((text) => text !== "We cannot send you alerts yet");
    expect(headings).toEqual(["Overdue", "Due this week", "Next weeks"]);

    const overdue = within(screen.getByRole("region", { name: "Overdue" }));
    expect(overdue.getByText("Bovilis BVD")).toBeInTheDocument();
    expect(overdue.getByRole("link", { name: "Heifers, Spring calving 2026" })).toHaveAttribute(
      "href",
      "/calendar/2",
    );
    expect(overdue.getByText("No reminder: the date has passed.")).toBeInTheDocument();

    const thisWeek = within(screen.getByRole("region", { name: "Due this week" }));
    expect(
      thisWeek.getByText("Text sent to 087 123 4567 on Sat 21 Mar, 09:00"),
    ).toBeInTheDocument();

    const later = within(screen.getByRole("region", { name: "Next weeks" }));
    expect(later.getByText("Sun 5 April 2026")).toBeInTheDocument();
    expect(later.getByText("Text to 087 123 4567 on Sun 29 Mar, 09:00")).toBeInTheDocument();
    expect(later.getByRole("link", { name: "Cows, Spring calving 2026" })).toBeInTheDocument();
  });

  it("marks a shot as given with its batch as a new record, and the list follows", async () => {
    signInAs();
    let answer = week;
    let recorded: unknown = null;
    server.use(
      http.get(farmWeekPaths.list, () => HttpResponse.json(answer)),
      http.put(buildGivenShotPath(1, "s1"), async ({ request }) => {
        recorded = {
          ...((await request.json()) as object),
          ifNoneMatch: request.headers.get("if-none-match"),
        };
        answer = { ...week, items: week.items.filter((item) => item.shot_id !== "s1") };
        return HttpResponse.json({
          givenShot: {
            shotId: "s1",
            plannedOn: "2026-04-05",
            givenOn: "2026-03-26",
            batch: "A123",
            givenBy: null,
            note: null,
            recordedAt: "2026-03-26T10:00:00.000Z",
          },
        });
      }),
    );
    const { user } = renderApp("/this-week");
    await user.click(
      await screen.findByRole("button", {
        name: "Mark given: Leptavoid-H, Leptospirosis, Cows, 5 April 2026",
      }),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Mark as given" }));
    expect(dialog.getByLabelText(/Date given/)).toHaveValue("2026-03-26");
    await user.type(dialog.getByLabelText(/Batch number/), "A123");
    await user.click(dialog.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Marked as given.")).toBeInTheDocument();
    // A new record only: never over one made meanwhile on another phone.
    expect(recorded).toMatchObject({ givenOn: "2026-03-26", batch: "A123", ifNoneMatch: "*" });
    expect(screen.queryByRole("region", { name: "Next weeks" })).not.toBeInTheDocument();
  });

  it("says so, and keeps the record, when the shot was marked as given meanwhile", async () => {
    signInAs();
    server.use(
      http.get(farmWeekPaths.list, () => HttpResponse.json(week)),
      http.put(buildGivenShotPath(1, "s1"), () =>
        HttpResponse.json<ErrorBody>(
          { error: { code: ErrorCode.conflict, message: givenShotMessages.alreadyGiven } },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp("/this-week");
    await user.click(
      await screen.findByRole("button", {
        name: "Mark given: Leptavoid-H, Leptospirosis, Cows, 5 April 2026",
      }),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Mark as given" }));
    await user.type(dialog.getByLabelText(/Batch number/), "A123");
    await user.click(dialog.getByRole("button", { name: "Save" }));
    expect(await dialog.findByText(givenShotMessages.alreadyGiven)).toBeVisible();
  });

  it("says why no reminder will go when no contact is verified, with a link to Settings", async () => {
    signInAs();
    server.use(
      http.get(farmWeekPaths.list, () =>
        HttpResponse.json<FarmWeekResponse>({
          ...week,
          no_reminder_reason: "unverified",
          items: [buildFarmWeekItem({})],
        }),
      ),
    );
    renderApp("/this-week");
    const notice = within(await screen.findByRole("note"));
    expect(
      notice.getByText(
        "No reminder will go: verify your mobile number or e-mail address in Settings to get reminders.",
      ),
    ).toBeInTheDocument();
    expect(notice.getByRole("link", { name: "Go to Settings" })).toHaveAttribute(
      "href",
      "/settings",
    );
  });

  it("says when the list could not be loaded, and Try again loads it", async () => {
    signInAs();
    let calls = 0;
    server.use(
      http.get(farmWeekPaths.list, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({}, { status: 500 }) : HttpResponse.json(week);
      }),
    );
    const { user } = renderApp("/this-week");
    expect(
      await screen.findByText("We could not load what is due on your farm. Please try again."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /try again/i }));
    expect(await screen.findByRole("heading", { name: "Overdue" })).toBeInTheDocument();
  });

  it("shows an empty farm and a way to make the first calendar", async () => {
    signInAs();
    renderApp("/this-week");
    expect(await screen.findByText("You have no saved calendars yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create your first calendar" })).toBeInTheDocument();
  });
});
