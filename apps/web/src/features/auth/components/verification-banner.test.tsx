import { accountMessages, accountPaths } from "@vaxcal/contracts";
import { render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../../testing/mocks/server.ts";
import { renderApp } from "../../../testing/render-app.tsx";
import { useCompactBanner } from "../../../stores/compact-banner.ts";
import { storeSignedInUser } from "../testing/sign-in.ts";

const verified = "2026-01-05T10:00:00.000Z";
const bannerTitle = "We cannot send you alerts yet";
const emailText = /Your email address.*is not verified/;
const mobileText = /Your mobile number.*is not verified/;

async function renderSignedIn() {
  const view = renderApp("/logged-out");
  // The greeting shows once GET /api/user has answered.
  await screen.findByRole("link", { name: "Hello, Aoife" });
  return view;
}

describe("the verification banner (docs/product.md §2): shown only while e-mail and mobile are both unverified", () => {
  it.each([
    {
      case: "e-mail and mobile, neither verified",
      user: {},
      shows: { banner: true, email: true, mobile: true },
    },
    {
      case: "e-mail only, unverified",
      user: { phone: null, phone_number: null, country_code: null },
      shows: { banner: true, email: true, mobile: false },
    },
    {
      case: "mobile only, unverified",
      user: { email: null },
      shows: { banner: true, email: false, mobile: true },
    },
    {
      case: "e-mail verified, mobile not",
      user: { email_verified_at: verified },
      shows: { banner: false, email: false, mobile: false },
    },
    {
      case: "mobile verified, e-mail not",
      user: { phone_verified_at: verified },
      shows: { banner: false, email: false, mobile: false },
    },
  ])("$case", async ({ user, shows }) => {
    storeSignedInUser(user);
    await renderSignedIn();

    const banner = screen.queryByRole("region", { name: bannerTitle });
    expect(banner !== null).toBe(shows.banner);
    expect(screen.queryByText(emailText) !== null).toBe(shows.email);
    expect(screen.queryByText(mobileText) !== null).toBe(shows.mobile);
    expect(screen.queryByRole("button", { name: "Resend verification email" }) !== null).toBe(
      shows.email,
    );
    expect(screen.queryByRole("button", { name: "Resend verification SMS" }) !== null).toBe(
      shows.mobile,
    );
  });

  it("is not shown to a visitor", async () => {
    renderApp("/logged-out");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("region", { name: bannerTitle })).not.toBeInTheDocument();
  });

  it("resends the e-mail and the SMS and shows the server's answers", async () => {
    storeSignedInUser();
    const { user } = await renderSignedIn();
    const banner = within(screen.getByRole("region", { name: bannerTitle }));

    await user.click(banner.getByRole("button", { name: "Resend verification email" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      accountMessages.emailVerificationSent,
    );
    await user.click(banner.getByRole("button", { name: "Resend verification SMS" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(accountMessages.mobileCodeSent),
    );
  });

  it("says 'SMS verification resend failed' when the resend cannot be sent", async () => {
    server.use(http.post(accountPaths.mobileVerifyResend, () => HttpResponse.error()));
    storeSignedInUser();
    const { user } = await renderSignedIn();

    await user.click(screen.getByRole("button", { name: "Resend verification SMS" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("SMS verification resend failed");
  });

  it("logs out when the stored token is refused (docs/product.md §8 'Profile fetch fails')", async () => {
    storeSignedInUser();
    server.use(
      http.get(accountPaths.user, () =>
        HttpResponse.json(
          { error: { code: "UNAUTHORIZED", message: accountMessages.unauthenticated } },
          { status: 401 },
        ),
      ),
    );
    renderApp("/logged-out");

    expect(
      await within(screen.getByRole("banner")).findByRole("button", { name: "Register" }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem("authToken")).toBeNull();
  });
});

describe("the verification banner on a screen that asks for it to be one line", () => {
  it("says so in one line with a link to settings, and grows again when the screen goes", async () => {
    storeSignedInUser();
    const { unmount } = await renderSignedIn();
    const Compact = () => {
      useCompactBanner();
      return null;
    };
    const compact = render(<Compact />);

    const banner = await screen.findByRole("region", { name: "No alerts yet:" });
    expect(within(banner).getByRole("link", { name: "verify email or mobile" })).toHaveAttribute(
      "href",
      "/settings",
    );
    expect(within(banner).queryByRole("button")).toBeNull();
    expect(screen.queryByText(emailText)).toBeNull();

    compact.unmount();
    expect(await screen.findByRole("region", { name: bannerTitle })).toBeVisible();
    unmount();
  });
});
