import {
  accountMessages,
  accountPaths,
  vetPracticeMessages,
  vetPracticePaths,
} from "@vaxcal/contracts";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import {
  dosesDueFixture,
  vetDashboardFixture,
  vetMembersFixture,
} from "../../../testing/mocks/vet-handlers.ts";
import { describeDoses } from "./vet-dashboard-page.tsx";

describe("the vet dashboard (docs/product.md D3)", () => {
  it("shows the banner, the farmers with their calendars, the doses due and the vets", async () => {
    const view = renderApp("/vet/dashboard", { isAuthenticated: true });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Glenbeg Veterinary Clinic" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Thank you for registering your vet practice/)).toBeInTheDocument();
    const farmers = screen.getByRole("list", { name: "Your farmers" });
    expect(
      within(farmers).getByRole("link", { name: /Open and edit the Cows calendar of Nora Murphy/ }),
    ).toHaveAttribute("href", "/calendar/12");
    expect(
      await screen.findByRole("heading", {
        name: /Bovilis BVD: 51–100 doses, and 1 farm of unknown size/,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText("2 shots on 2 farms")).toBeInTheDocument();
    await view.user.click(screen.getByRole("button", { name: "Show the farms (2 shots)" }));
    const table = await screen.findByRole("table", {
      name: "Bovilis BVD, week of 23 November 2026",
    });
    expect(within(table).getByRole("link", { name: "Nora Murphy, Hill Farm" })).toHaveAttribute(
      "href",
      "/calendar/12",
    );
    expect(within(table).getByText("Size not known")).toBeInTheDocument();
    expect(await screen.findByRole("list", { name: "Your practice's vets" })).toHaveTextContent(
      "Aoife Byrne",
    );
  });

  it("names a farmer who gave no postal address without a stray comma (decision 429)", async () => {
    const [nora, ...others] = vetDashboardFixture.clients;
    if (!nora) throw new Error("the fixture has a client");
    server.use(
      http.get(vetPracticePaths.dashboard, () =>
        HttpResponse.json({
          ...vetDashboardFixture,
          clients: [{ ...nora, town: null, county: null }, ...others],
        }),
      ),
    );
    renderApp("/vet/dashboard", { isAuthenticated: true });
    const heading = await screen.findByRole("heading", { name: "Nora Murphy, Hill Farm" });
    const card = heading.closest("li");
    if (!card) throw new Error("the farmer has a card");
    expect(within(card).getByText("Herd 51-100")).toBeInTheDocument();
    expect(card.textContent).not.toMatch(/^[^A-Za-z]*,/m);
    expect(card.textContent).not.toContain(", ·");
  });

  it("counts a week of one shot as '1 shot', not '1 shots'", async () => {
    const [week] = dosesDueFixture.weeks;
    const [vaccine] = week?.vaccines ?? [];
    if (!week || !vaccine) throw new Error("the fixture has a week");
    server.use(
      http.get(vetPracticePaths.dosesDue, () =>
        HttpResponse.json({
          ...dosesDueFixture,
          weeks: [
            {
              ...week,
              shot_count: 1,
              vaccines: [{ ...vaccine, unknown_farms: 0, shot_count: 1, farm_count: 1 }],
            },
          ],
        }),
      ),
    );
    renderApp("/vet/dashboard", { isAuthenticated: true });
    expect(await screen.findByText("1 shot on 1 farm")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show the farms (1 shot)" })).toBeInTheDocument();
  });

  it("searches the farmers by name, farm or town, case-insensitively", async () => {
    const { user } = renderApp("/vet/dashboard", { isAuthenticated: true });
    const search = await screen.findByLabelText("Search your farmers");
    await user.type(search, "BANDON");
    const farmers = screen.getByRole("list", { name: "Your farmers" });
    expect(
      within(farmers)
        .getAllByRole("heading")
        .map((heading) => heading.textContent),
    ).toEqual(["Seán Walsh"]);
    await user.clear(search);
    await user.type(search, "nobody");
    expect(screen.getByText("No farmer matches your search.")).toBeInTheDocument();
  });

  it("shows a failure with Try again", async () => {
    server.use(
      http.get(vetPracticePaths.dosesDue, () =>
        HttpResponse.json(
          { error: { code: "INTERNAL", message: "Internal server error" } },
          { status: 500 },
        ),
      ),
    );
    renderApp("/vet/dashboard", { isAuthenticated: true });
    expect(await screen.findByText("Internal server error")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("lets the manager remove a vet after confirming, and re-send or cancel an invite", async () => {
    const calls: string[] = [];
    server.use(
      http.get(vetPracticePaths.members, () =>
        HttpResponse.json({
          email_verified: true,
          members: [
            {
              id: 31,
              name: "Aoife",
              surname: "Byrne",
              email: "glen@vets.ie",
              role: "VET_MANAGER",
              joined_at: "2026-11-01T10:00:00.000Z",
            },
            {
              id: 32,
              name: "Cian",
              surname: "Walsh",
              email: "cian@vets.ie",
              role: "VET",
              joined_at: "2026-11-02T10:00:00.000Z",
            },
          ],
          invites: [
            {
              id: 5,
              email: "new@vets.ie",
              created_at: "2026-11-20T10:00:00.000Z",
              expires_at: "2026-11-27T10:00:00.000Z",
              status: "pending",
            },
          ],
        }),
      ),
      http.delete("/api/vet/members/:id", ({ params }) => {
        calls.push(`remove ${String(params.id)}`);
        return HttpResponse.json({ message: "The vet has been removed from your practice." });
      }),
      http.post("/api/vet/invites/:id/resend", ({ params }) => {
        calls.push(`resend ${String(params.id)}`);
        return HttpResponse.json({ message: "The invitation has been sent again." });
      }),
    );
    const { user } = renderApp("/vet/dashboard", { isAuthenticated: true });
    const vets = await screen.findByRole("list", { name: "Your practice's vets" });
    expect(within(vets).queryByRole("button", { name: "Remove Aoife Byrne" })).toBeNull();
    await user.click(within(vets).getByRole("button", { name: "Remove Cian Walsh" }));
    expect(calls).toEqual([]);
    await user.click(within(vets).getByRole("button", { name: "Yes, remove" }));
    expect(
      await screen.findByText("The vet has been removed from your practice."),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole("button", { name: "Send the invitation to new@vets.ie again" }),
    );
    expect(await screen.findByText("The invitation has been sent again.")).toBeInTheDocument();
    expect(calls).toEqual(["remove 32", "resend 5"]);
  });

  it("tells a manager whose practice e-mail is not confirmed why nobody can be invited, with a resend", async () => {
    const resent: string[] = [];
    server.use(
      http.get(vetPracticePaths.members, () =>
        HttpResponse.json({
          ...vetMembersFixture,
          email_verified: false,
          invites: [
            {
              id: 5,
              email: "early@vets.ie",
              created_at: "2026-11-20T10:00:00.000Z",
              expires_at: "2026-11-27T10:00:00.000Z",
              status: "pending",
            },
          ],
        }),
      ),
      http.post(accountPaths.emailVerificationNotification, () => {
        resent.push("email");
        return HttpResponse.json({ message: accountMessages.emailVerificationSent });
      }),
    );
    const { user } = renderApp("/vet/dashboard", { isAuthenticated: true });
    expect(await screen.findByText("Confirm your practice's email address")).toBeInTheDocument();
    expect(screen.getByText(/to invite vets and be found by farmers/)).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Invite a vet by email" })).toBeNull();
    const invites = screen.getByRole("list", { name: "Invitations not yet accepted" });
    expect(
      within(invites).getByText("Sent once your practice's email address is confirmed"),
    ).toBeInTheDocument();
    expect(within(invites).queryByRole("button", { name: /again/ })).toBeNull();

    const resend = screen.getByRole("button", { name: "Resend verification email" });
    resend.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText(accountMessages.emailVerificationSent)).toBeInTheDocument();
    expect(resent).toEqual(["email"]);
  });

  it("shows the server's refusal of an invite", async () => {
    server.use(
      http.post(vetPracticePaths.invites, () =>
        HttpResponse.json(
          { error: { code: "CONFLICT", message: vetPracticeMessages.practiceEmailUnverified } },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp("/vet/dashboard", { isAuthenticated: true });
    await user.type(
      await screen.findByRole("textbox", { name: "Invite a vet by email" }),
      "cian@vets.ie",
    );
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(
      await screen.findByText(vetPracticeMessages.practiceEmailUnverified),
    ).toBeInTheDocument();
  });

  it("words dose estimates plainly", () => {
    expect(describeDoses({ min: 1, max: 1 })).toBe("1 dose");
    expect(describeDoses({ min: 52, max: 150 })).toBe("52–150 doses");
    expect(describeDoses({ min: 201, max: null })).toBe("at least 201 doses");
  });

  it("lets the manager turn the weekly digest off and on again", async () => {
    const sent: unknown[] = [];
    server.use(
      http.put(vetPracticePaths.digest, async ({ request }) => {
        const body = (await request.json()) as { digest_emails: boolean };
        sent.push(body);
        return HttpResponse.json({ digest_emails: body.digest_emails, email_verified: true });
      }),
    );
    const { user } = renderApp("/vet/dashboard", { isAuthenticated: true });
    const toggle = await screen.findByRole("checkbox", {
      name: "E-mail the practice the doses due this week and next, every Monday at 08:00",
    });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText("The weekly digest is off.")).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText("The practice will get the weekly digest.")).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(sent).toEqual([{ digest_emails: false }, { digest_emails: true }]);
  });

  it("says the digest waits for the practice's e-mail to be verified", async () => {
    server.use(
      http.get(vetPracticePaths.digest, () =>
        HttpResponse.json({ digest_emails: true, email_verified: false }),
      ),
    );
    renderApp("/vet/dashboard", { isAuthenticated: true });
    expect(
      await screen.findByText(/The digest goes to the practice's e-mail once it is verified/),
    ).toBeInTheDocument();
  });
});
