import { messageLinkPages as pages } from "@vaxcal/contracts";

/** `/calendar/{id}?update=1`: open the saved calendar with its protocol update showing. */
export const calendarUpdateSearchParam = "update";

/**
 * Every route path of the app (docs/product.md §2). Links and redirects take their href from here,
 * so a path changes in one place.
 */
export const paths = {
  home: { path: pages.home, getHref: () => pages.home },
  calendarSetup: { path: "/beta", getHref: () => "/beta" },
  verifyMobile: { path: pages.verifyMobile, getHref: () => pages.verifyMobile },
  passwordReset: { path: pages.passwordReset, getHref: () => pages.passwordReset },
  passwordResetConfirm: {
    path: "/password/reset/confirm",
    getHref: () => "/password/reset/confirm",
  },
  calendarCreate: { path: "/calendar", getHref: () => "/calendar" },
  calendarDetail: {
    path: pages.calendarDetail,
    getHref: (id: number | string) => `/calendar/${encodeURIComponent(id)}`,
    /** The saved calendar with its protocol update's difference showing (decision 405). */
    getUpdateHref: (id: number | string) =>
      `/calendar/${encodeURIComponent(id)}?${calendarUpdateSearchParam}=1`,
  },
  myCalendars: { path: pages.myCalendars, getHref: () => pages.myCalendars },
  /** This week on the farm (decision 603): a farmer's home after login. */
  farmWeek: { path: "/this-week", getHref: () => "/this-week" },
  settings: { path: pages.settings, getHref: () => pages.settings },
  undoContactChange: {
    path: pages.undoContactChange,
    getHref: () => pages.undoContactChange,
  },
  loggedOut: { path: "/logged-out", getHref: () => "/logged-out" },
  emailVerify: {
    path: pages.emailVerify,
    getHref: (id: number | string, hash: string) =>
      `/email/verify/${encodeURIComponent(id)}/${encodeURIComponent(hash)}`,
  },
  vetDashboard: { path: pages.vetDashboard, getHref: () => pages.vetDashboard },
  vetJoin: { path: pages.vetJoin, getHref: () => pages.vetJoin },
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
