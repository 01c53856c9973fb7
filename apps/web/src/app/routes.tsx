import type { RouteObject } from "react-router";
import { LoadingState } from "../components/ui/status-panels.tsx";
import { paths } from "../config/paths.ts";
import { RootLayout } from "./layout/root-layout.tsx";
import { lazyComponent } from "./lazy-component.tsx";
import {
  requireAuthentication,
  requireBetaHost,
  storeMobileCodeAndGoHome,
} from "./route-guards.ts";
import {
  CalendarCreateScreen,
  CalendarEditScreen,
  CalendarSetupScreen,
} from "./routes/calendar-builder-screens.tsx";
import { ErrorPage, RouteErrorBoundary, unexpectedErrorMessage } from "./routes/error-page.tsx";
import { LoggedOutPage } from "./routes/logged-out.tsx";
import { NotFoundPage } from "./routes/not-found.tsx";
import { PublicHome } from "./routes/public-home.tsx";

/*
 * The landing page, the 404 and the small pages ship with the app; every other screen downloads
 * when it is first opened, so a phone on a weak signal gets the landing page sooner. A failed
 * download lands on the Screens error page, whose "Try again" downloads it again.
 */
const PasswordResetScreen = lazyComponent(
  () =>
    import("../features/auth/components/password-reset-screen.tsx").then(
      (module) => module.PasswordResetScreen,
    ),
  <LoadingState label="Loading…" />,
);
const UndoContactChangePage = lazyComponent(
  () =>
    import("../features/account-security/components/undo-contact-change-page.tsx").then(
      (module) => module.UndoContactChangePage,
    ),
  <LoadingState label="Loading…" />,
);
const VerifyEmailPage = lazyComponent(
  () =>
    import("../features/auth/components/verify-email-page.tsx").then(
      (module) => module.VerifyEmailPage,
    ),
  <LoadingState label="Loading…" />,
);
const MyCalendarsPage = lazyComponent(
  () =>
    import("../features/calendars/components/my-calendars-page.tsx").then(
      (module) => module.MyCalendarsPage,
    ),
  <LoadingState label="Loading your calendars…" />,
);
const FarmWeekPage = lazyComponent(
  () =>
    import("../features/calendars/components/farm-week-page.tsx").then(
      (module) => module.FarmWeekPage,
    ),
  <LoadingState label="Loading what is due on your farm…" />,
);
const VetDashboardPage = lazyComponent(
  () =>
    import("../features/vet-practices/components/vet-dashboard-page.tsx").then(
      (module) => module.VetDashboardPage,
    ),
  <LoadingState label="Loading your practice…" />,
);
const VetJoinPage = lazyComponent(
  () =>
    import("../features/vet-practices/components/vet-join-page.tsx").then(
      (module) => module.VetJoinPage,
    ),
  <LoadingState label="Loading…" />,
);
// The same text the page shows while it loads the user (docs/product.md §2 'Account settings').
const AccountSettingsPage = lazyComponent(
  () =>
    import("../features/account-settings/components/account-settings-page.tsx").then(
      (module) => module.AccountSettingsPage,
    ),
  <LoadingState label="Loading..." />,
);

// The admin area (docs/product.md D2): one download for its screens.
const adminScreen = (
  name: "ProductManagementPage" | "ProductFormPage" | "AuditPage" | "ProtocolsPage",
) =>
  lazyComponent(
    () => import("../features/admin/index.ts").then((module) => module[name]),
    <LoadingState label="Loading…" />,
  );
const ProductManagementPage = adminScreen("ProductManagementPage");
const ProductFormPage = adminScreen("ProductFormPage");
const AuditPage = adminScreen("AuditPage");
const ProtocolsPage = adminScreen("ProtocolsPage");

/**
 * Every route of docs/product.md §2. Route ids are the spec's route names where it gives one. The
 * error route has no path: see `lib/error-route.ts`.
 */
export const routes: RouteObject[] = [
  {
    id: "Root",
    element: <RootLayout />,
    // Only if the layout itself fails; screens fail inside it, below.
    errorElement: <ErrorPage message={unexpectedErrorMessage} />,
    // Shown while the first route's guard runs: barely at all, or while /calendar's downloads.
    hydrateFallbackElement: <LoadingState label="Loading…" />,
    children: [
      {
        id: "Screens",
        errorElement: <RouteErrorBoundary />,
        children: [
          { id: "PublicHome", path: paths.home.path, element: <PublicHome /> },
          {
            id: "CalendarSetup",
            path: paths.calendarSetup.path,
            loader: requireBetaHost,
            element: <CalendarSetupScreen />,
          },
          {
            id: "VerifyMobile",
            path: paths.verifyMobile.path,
            loader: storeMobileCodeAndGoHome,
            // The loader always redirects; this only fills the moment before it does.
            element: <LoadingState label="Checking your code…" />,
          },
          {
            id: "UndoContactChange",
            path: paths.undoContactChange.path,
            element: <UndoContactChangePage />,
          },
          {
            id: "PasswordReset",
            path: paths.passwordReset.path,
            element: <PasswordResetScreen />,
          },
          {
            id: "PasswordResetConfirm",
            path: paths.passwordResetConfirm.path,
            element: <PasswordResetScreen />,
          },
          {
            id: "CalendarCreate",
            path: paths.calendarCreate.path,
            // The guard reads the draft with the schedule engine: that code downloads when the
            // route is first opened, not with the landing page.
            loader: () =>
              import("../features/calendar-builder/route-guards.ts").then((module) =>
                module.requireCalendarSetup(),
              ),
            element: <CalendarCreateScreen />,
          },
          {
            // Saved calendars (docs/decisions/401): a saved calendar is someone's own, so a visitor goes to
            // PublicHome; the screen fills the draft from the calendar before step 2 checks it.
            id: "CalendarDetail",
            path: paths.calendarDetail.path,
            loader: requireAuthentication,
            element: <CalendarEditScreen />,
          },
          {
            id: "MyCalendars",
            path: paths.myCalendars.path,
            loader: requireAuthentication,
            element: <MyCalendarsPage />,
          },
          {
            // This week on the farm (decision 603): a farmer's home after login.
            id: "FarmWeek",
            path: paths.farmWeek.path,
            loader: requireAuthentication,
            element: <FarmWeekPage />,
          },
          {
            id: "AccountSettings",
            path: paths.settings.path,
            loader: requireAuthentication,
            element: <AccountSettingsPage />,
          },
          { id: "LoggedOut", path: paths.loggedOut.path, element: <LoggedOutPage /> },
          {
            id: "EmailVerify",
            path: paths.emailVerify.path,
            element: <VerifyEmailPage />,
          },
          {
            id: "VetDashboard",
            path: paths.vetDashboard.path,
            loader: requireAuthentication,
            element: <VetDashboardPage />,
          },
          { id: "VetJoin", path: paths.vetJoin.path, element: <VetJoinPage /> },
          {
            id: "Admin",
            path: paths.admin.path,
            loader: requireAuthentication,
            element: <ProductManagementPage />,
          },
          {
            id: "AdminProduct",
            path: paths.adminProduct.path,
            loader: requireAuthentication,
            element: <ProductManagementPage />,
          },
          {
            id: "EditProduct",
            path: paths.editProduct.path,
            loader: requireAuthentication,
            element: <ProductFormPage />,
          },
          {
            id: "AdminAudit",
            path: paths.adminAudit.path,
            loader: requireAuthentication,
            element: <AuditPage />,
          },
          {
            id: "AdminProtocol",
            path: paths.adminProtocol.path,
            loader: requireAuthentication,
            element: <ProtocolsPage />,
          },
          { id: "NotFound", path: paths.notFound.path, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
