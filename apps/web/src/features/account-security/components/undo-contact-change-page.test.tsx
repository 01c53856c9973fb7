import {
  ErrorCode,
  accountPaths,
  securityMessages,
  undoContactChangePagePath,
  type ErrorBody,
} from "@vaxcal/contracts";
import { screen, within } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";

const token = "a".repeat(43);

describe("the undo link of a contact change", () => {
  it("says it is working, then what happened, and offers a password reset", async () => {
    let sent: unknown;
    server.use(
      http.post(accountPaths.undoContactChange, async ({ request }) => {
        sent = await request.json();
        await delay(30);
        return HttpResponse.json({ message: securityMessages.contactChangeUndone });
      }),
    );
    renderApp(`${undoContactChangePagePath}?token=${token}`);
    const main = within(await screen.findByRole("main"));

    expect(
      await main.findByText("Putting back your previous contact details, please wait..."),
    ).toBeInTheDocument();
    expect(await main.findByText(securityMessages.contactChangeUndone)).toHaveAttribute(
      "role",
      "status",
    );
    expect(main.getByRole("link", { name: "Reset my password" })).toHaveAttribute(
      "href",
      "/password/reset",
    );
    expect(sent).toEqual({ token });
  });

  it("says why a used or expired link failed", async () => {
    server.use(
      http.post(accountPaths.undoContactChange, () =>
        HttpResponse.json<ErrorBody>(
          { error: { code: ErrorCode.validation, message: securityMessages.contactUndoInvalid } },
          { status: 400 },
        ),
      ),
    );
    renderApp(`${undoContactChangePagePath}?token=${token}`);
    const main = within(await screen.findByRole("main"));

    expect(await main.findByRole("alert")).toHaveTextContent(securityMessages.contactUndoInvalid);
  });
});
