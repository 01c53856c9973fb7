import "./config/zod-without-eval.ts";
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProvider } from "./app/provider.tsx";
import { routes } from "./app/routes.tsx";
import { restoreAuthFromStorage } from "./stores/auth.ts";
import { createQueryClient } from "./lib/query-client.ts";
import "./styles/global.css";

restoreAuthFromStorage();

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();
const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element.");

/**
 * On `/`, #root holds the landing page pre-rendered at build time (docs/decisions/
 * 012-pre-rendered-landing-page.md): its buttons do nothing until this first render replaces it.
 * Then the mark goes, so tests know the page has come alive.
 */
const RemovePrerenderedMark = () => {
  useEffect(() => rootElement.removeAttribute("data-prerendered"), []);
  return null;
};

// A transition lets React render in slices of a few milliseconds, so a slow phone stays
// responsive while the app starts; the pre-rendered page is on screen meanwhile.
const root = createRoot(rootElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
      <RemovePrerenderedMark />
    </StrictMode>,
  );
});
