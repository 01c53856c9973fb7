import { undoContactChangePagePath, vetInvitePagePath } from "@vaxcal/contracts";

/** `/calendar/{id}?update=1`: open the saved calendar with its protocol update showing. */
export const calendarUpdateSearchParam = "update";

/**
 * Every route path of the app (docs/product.md §2). Links and redirects take their href from here,
 * so a path changes in one place.
 */
export const paths = {
  home: { path: "/", getHref: () => "/" },
  calendarSetup: { path: "/beta", getHref: () => "/beta" },
  verifyMobile: { path: "/verify-mobile", getHref: () => "/verify-mobile" },
  passwordReset: { path: "/password/reset", getHref: () => "/password/reset" },
  passwordResetConfirm: {
    path: "/password/reset/confirm",
    getHref: () => "/password/reset/confirm",
  },
  calendarCreate: { path: "/calendar", getHref: () => "/calendar" },
  calendarDetail: {
    path: "/calendar/:id",
    getHref: (id: number | string) => `/calendar/${encodeURIComponent(id)}`,
    /** The saved calendar with its protocol update's difference showing (decision 405). */
    getUpdateHref: (id: number | string) =>
      `/calendar/${encodeURIComponent(id)}?${calendarUpdateSearchParam}=1`,
  },
  myCalendars: { path: "/calendars", getHref: () => "/calendars" },
  settings: { path: "/settings", getHref: () => "/settings" },
  undoContactChange: {
    path: undoContactChangePagePath,
    getHref: () => undoContactChangePagePath,
  },
  loggedOut: { path: "/logged-out", getHref: () => "/logged-out" },
  emailVerify: {
    path: "/email/verify/:id/:hash",
    getHref: (id: number | string, hash: string) =>
      `/email/verify/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`,
  },
  vetDashboard: { path: "/vet/dashboard", getHref: () => "/vet/dashboard" },
  vetJoin: { path: vetInvitePagePath, getHref: () => vetInvitePagePath },
  admin: { path: "/admin", getHref: () => "/admin" },
  adminProduct: { path: "/admin/product/", getHref: () => "/admin/product/" },
  editProduct: {
    path: "/edit/product/",
    /** A new product without an id; an existing one as `?id=`. */
    getHref: (id?: number) => (id === undefined ? "/edit/product/" : `/edit/product/?id=${id}`),
  },
  adminProtocol: { path: "/admin/protocol/", getHref: () => "/admin/protocol/" },
  adminAudit: { path: "/admin/audit/", getHref: () => "/admin/audit/" },
  notFound: { path: "*" },
} as const;
