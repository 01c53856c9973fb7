import { ErrorCode, accountMessages, accountPaths, type ErrorBody } from "@vaxcal/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { emailVerifiedRedirectMs } from "../auth-messages.ts";
import { storeSignedInUser } from "../testing/sign-in.ts";

describe("/email/verify/{id}/{hash} (docs/product.md §2)", () => {
  it("says it is verifying, then verified, and opens settings after 2 s", async () => {
    server.use(
      http.get(accountPaths.emailVerify, async () => {
        await delay(30);
        return HttpResponse.json({ message: accountMessages.emailVerified });
      }),
    );
    storeSignedInUser();
    const { router } = renderApp("/email/verify/7/1767600000.signature");
    const main = within(await screen.findByRole("main"));

    expect(await main.findByText("Verifying your email, please wait...")).toBeInTheDocument();
    expect(
      await main.findByText("Your email has been verified! You will be redirected shortly."),
    ).toBeInTheDocument();
    expect(screen.getByText(accountMessages.emailVerified)).toBeInTheDocument();
    const verifiedAt = performance.now();
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"), {
      timeout: emailVerifiedRedirectMs + 1500,
    });
    expect(performance.now() - verifiedAt).toBeGreaterThanOrEqual(emailVerifiedRedirectMs - 100);
  });

  it("shows 'Email verification failed: {message}' with the server's message", async () => {
    server.use(
      http.get(accountPaths.emailVerify, () =>
        HttpResponse.json<ErrorBody>(
          {
            error: {
              code: ErrorCode.validation,
              message: accountMessages.emailVerificationInvalid,
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp("/email/verify/7/bad");
    const main = within(await screen.findByRole("main"));

    expect(await main.findByRole("alert")).toHaveTextContent(
      `Email verification failed: ${accountMessages.emailVerificationInvalid}`,
    );
  });

  it("falls back to 'An error occurred during email verification.'", async () => {
    server.use(http.get(accountPaths.emailVerify, () => HttpResponse.error()));
    renderApp("/email/verify/7/bad");
    const main = within(await screen.findByRole("main"));

    expect(await main.findByRole("alert")).toHaveTextContent(
      "Email verification failed: An error occurred during email verification.",
    );
  });
});
