import { StrictMode } from "react";
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

createRoot(rootElement).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
