import { describe, expect, it } from "vitest";
import { escapeHtml, renderEmail } from "./render-email.ts";

describe("renderEmail", () => {
  const email = renderEmail({
    subject: "Reset your password",
    greeting: "Hello <Mary> & Tom,",
    paragraphs: ["Someone asked to reset the password."],
    action: { label: "Choose a new password", url: "https://vaxcal.example/reset?token=a&email=b" },
    afterword: ["If it was not you, ignore this email."],
  });

  it("writes the same words as plain text, with the link in full", () => {
    expect(email.text).toBe(
      [
        "Hello <Mary> & Tom,",
        "Someone asked to reset the password.",
        "Choose a new password:\nhttps://vaxcal.example/reset?token=a&email=b",
        "If it was not you, ignore this email.",
        "VaxCal",
      ].join("\n\n"),
    );
  });

  it("escapes every value in the HTML", () => {
    expect(email.html).toContain("Hello &lt;Mary&gt; &amp; Tom,");
    expect(email.html).not.toContain("<Mary>");
    expect(email.html).toContain('href="https://vaxcal.example/reset?token=a&amp;email=b"');
    expect(email.html).toContain('<html lang="en">');
  });

  it("escapes quotes too, so a value cannot leave an attribute", () => {
    expect(escapeHtml(`"><script>'`)).toBe("&quot;&gt;&lt;script&gt;&#39;");
  });
});
