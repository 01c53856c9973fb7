import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router";
import { paths } from "./config/paths.ts";
import { AppProvider } from "./app/provider.tsx";
import { routes } from "./app/routes.tsx";
import { createQueryClient } from "./lib/query-client.ts";

/**
 * The landing page as a visitor on a public host first sees it, rendered at build time into
 * index.html (docs/decisions/012-pre-rendered-landing-page.md). The browser paints it before any
 * script arrives; main.tsx then renders the app over it. Nothing here fetches: the reference
 * lists load in the browser.
 */
export async function renderLandingPage(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(paths.home.getHref(), "http://build")));
  if (context instanceof Response) {
    throw new Error(`The landing route answered ${context.status} instead of rendering.`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        {/* hydrate={false}: no router state script; the browser renders afresh (the ADR). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
}
