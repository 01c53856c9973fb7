import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterProvider, createMemoryRouter } from "react-router";
import { AppProvider } from "../app/provider.tsx";
import { routes } from "../app/routes.tsx";
import { StorageKey } from "../config/storage-keys.ts";
import { restoreAuthFromStorage } from "../stores/auth.ts";
import { createQueryClient } from "../lib/query-client.ts";

type RenderAppOptions = { isAuthenticated?: boolean };

/** Renders the whole app (layout, modals, notifications) at a path, as a visitor would see it. */
export function renderApp(path: string, { isAuthenticated = false }: RenderAppOptions = {}) {
  if (isAuthenticated) window.localStorage.setItem(StorageKey.isAuthenticated, "true");
  restoreAuthFromStorage();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  // Tests see a failure at once instead of after the app's retry for weak signals.
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}
