/**
 * @vitest-environment-options {"url": "https://www.vaxcal.example.ie/"}
 * A public host, as in the build, where there is no window and so no pre-launch items.
 */
import { describe, expect, it } from "vitest";
import { renderLandingPage } from "./prerender-landing.tsx";

describe("renderLandingPage (the landing page in index.html)", () => {
  it("holds the landing page's text, buttons and footer, as a visitor on a public host sees them", async () => {
    const html = await renderLandingPage();

    expect(html).toContain(
      '<h1 class="hero__title">Every vaccine shot for your herd or flock, planned.</h1>',
    );
    expect(html).toContain("The VaxCal vaccination calendar is in development.");
    expect(html).toMatch(/<button[^>]*>Create your calendar<\/button>/);
    expect(html).toMatch(/<footer[\s\S]*All rights reserved\.[\s\S]*<\/footer>/);
    // Nothing that waits for data, for a signed-in user or for a pre-launch host is baked in.
    expect(html).not.toMatch(/Loading|Logout|Vet Register|Login/);
  });
});
