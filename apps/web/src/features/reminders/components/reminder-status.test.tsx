import {
  accountPaths,
  reminderPaths,
  type ReminderStatusResponse,
  type UserProfile,
} from "@vaxcal/contracts";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { StorageKey } from "../../../config/storage-keys.ts";
import { farmerFixture } from "../../../testing/mocks/account-fixtures.ts";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";

function signIn() {
  window.localStorage.setItem(StorageKey.authToken, "stored-token");
  window.localStorage.setItem(StorageKey.isAuthenticated, "true");
  server.use(http.get(accountPaths.user, () => HttpResponse.json<UserProfile>(farmerFixture)));
}

describe("account settings: vaccination reminders (decision 601)", () => {
  it("says which reminders are on and shows each failed reminder with its day and reason", async () => {
    signIn();
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
    signIn();
    server.use(http.get(reminderPaths.status, () => HttpResponse.json({}, { status: 500 })));
    renderApp("/settings");
    expect(await screen.findByText(/We could not load your reminders\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /try again/i })).toBeInTheDocument();
  });
});
