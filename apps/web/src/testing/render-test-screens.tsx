import { render } from "@testing-library/react";
import { RouterProvider, createMemoryRouter, type RouteObject } from "react-router";
import { AppProvider } from "../app/provider.tsx";
import { routes } from "../app/routes.tsx";
import { createQueryClient } from "../lib/query-client.ts";

/**
 * The app's layout and its Screens error route around some test screens at `path`; with
 * `keepsAppScreens` the app's own screens are mounted after them.
 */
export function renderTestScreens(
  testScreens: RouteObject[],
  path: string,
  { keepsAppScreens = false }: { keepsAppScreens?: boolean } = {},
) {
  const [root] = routes;
  const [screens] = root?.children ?? [];
  if (!root || !screens) throw new Error("The route tree changed shape.");
  const testRoutes: RouteObject[] = [
    {
      id: root.id,
      element: root.element,
      errorElement: root.errorElement,
      children: [
        {
          id: screens.id,
          errorElement: screens.errorElement,
          children: [...testScreens, ...(keepsAppScreens ? (screens.children ?? []) : [])],
        },
      ],
    },
  ];
  const router = createMemoryRouter(testRoutes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}
