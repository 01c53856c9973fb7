import { describe, expect, it } from "vitest";
import { expectEveryLinkToOpenAPage, findMessageLinks } from "../../test/message-links.ts";
import {
  buildMobileVerificationUrl,
  buildPasswordResetUrl,
  buildUndoContactChangeUrl,
  renderContactChangedEmail,
  renderContactChangedText,
  renderContactInUseEmail,
  renderContactInUseText,
  renderEmailVerificationEmail,
  renderLoginLockedEmail,
  renderLoginLockedText,
  renderMobileCodeText,
  renderPasswordChangedEmail,
  renderPasswordChangedText,
  renderPasswordResetEmail,
  renderPasswordResetText,
} from "./account-notifications.ts";
import { buildEmailVerificationUrl } from "./email-verification-link.ts";

// The characters of the GSM 03.38 basic set that a text may use and stay one 160-char segment.
const gsm7 = /^[A-Za-z0-9 @£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà\n]*$/;

describe("mobile code text", () => {
  it("fits one GSM-7 segment and carries the code and the link", () => {
    const url = buildMobileVerificationUrl("https://app.vaxcal-example.ie", "012345");
    const text = renderMobileCodeText("012345", url);
    expect(url).toBe("https://app.vaxcal-example.ie/verify-mobile?code=012345");
    expect(text).toBe(
      "VaxCal code: 012345. Or tap https://app.vaxcal-example.ie/verify-mobile?code=012345 to confirm your mobile. It works for 10 minutes.",
    );
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(gsm7);
  });
});

describe("account e-mails", () => {
  it("asks to confirm the address, with the link and its lifetime", () => {
    const email = renderEmailVerificationEmail("Mary", "https://vaxcal.example/email/verify/1/x");
    expect(email.subject).toBe("Please confirm your email address for VaxCal");
    expect(email.text).toContain("Hello Mary,");
    expect(email.text).toContain("https://vaxcal.example/email/verify/1/x");
    expect(email.text).toContain("works for 60 minutes");
    expect(email.html).toContain('href="https://vaxcal.example/email/verify/1/x"');
  });

  it("sends a reset link built on the public URL with the token and e-mail in the query", () => {
    const url = buildPasswordResetUrl("https://vaxcal.example", "tok_en", "mary+farm@example.ie");
    expect(url).toBe(
      "https://vaxcal.example/password/reset?token=tok_en&email=mary%2Bfarm%40example.ie",
    );
    const email = renderPasswordResetEmail("Mary", url);
    expect(email.subject).toBe("Reset your VaxCal password");
    expect(email.text).toContain(url);
    expect(email.text).toContain("works once, for 60 minutes");
    expect(email.text).toContain("Your password stays the same.");
  });

  it("tells the owner when the password changed", () => {
    const email = renderPasswordChangedEmail("Mary", "https://vaxcal.example");
    expect(email.subject).toBe("Your VaxCal password was changed");
    expect(email.text).toContain("logged out everywhere else");
  });

  it("escapes a name that looks like markup", () => {
    const email = renderEmailVerificationEmail("<b>Mary</b>", "https://vaxcal.example/x");
    expect(email.html).toContain("Hello &lt;b&gt;Mary&lt;/b&gt;,");
  });
});

describe("links in the accounts' messages", () => {
  it("open a page of the app, in every e-mail and text", () => {
    const publicUrl = "https://vaxcal.example";
    const resetUrl = buildPasswordResetUrl(publicUrl, "tok_en", "mary@example.ie");
    const undoUrl = buildUndoContactChangeUrl(publicUrl, "undo_token");
    const messages = [
      renderEmailVerificationEmail("Mary", buildEmailVerificationUrl(publicUrl, 12, "hash")),
      renderMobileCodeText("012345", buildMobileVerificationUrl(publicUrl, "012345")),
      renderPasswordResetEmail("Mary", resetUrl),
      renderPasswordResetText(resetUrl),
      renderPasswordChangedEmail("Mary", publicUrl),
      renderPasswordChangedText(),
      renderLoginLockedEmail("Mary", 15, publicUrl),
      renderLoginLockedText(15),
      renderContactChangedEmail("Mary", undoUrl),
      renderContactChangedText(undoUrl),
      renderContactInUseEmail(),
      renderContactInUseText(),
    ];

    for (const message of messages) expectEveryLinkToOpenAPage(message, publicUrl);
    expect(messages.flatMap(findMessageLinks).length).toBeGreaterThanOrEqual(8);
  });
});
