import { messageLinkPages } from "@vaxcal/contracts";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "./routes.tsx";

/*
 * Every page an e-mail or text links to (the server builds those links from the same list and
 * checks them in app-tests/message-links.test.ts) is a screen of this router, never the 404.
 */

/** A path the pattern matches: each `:name` filled with a plausible value. */
function examplePath(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, (name) => (name === ":id" ? "12" : "a1b2c3"));
}

describe("pages that messages link to", () => {
  it.each(Object.entries(messageLinkPages))(
    "%s (%s) opens a screen, not 'Page not found'",
    (_name, pattern) => {
      const matched = matchRoutes(routes, examplePath(pattern)) ?? [];
      const screen = matched.at(-1)?.route;

      expect(screen?.id).toBeDefined();
      expect(screen?.id).not.toBe("NotFound");
    },
  );

  it("would notice a page the app does not have", () => {
    const matched = matchRoutes(routes, "/account-settings") ?? [];

    expect(matched.at(-1)?.route.id).toBe("NotFound");
  });
});
