// The admin area's screens, loaded together when an admin first opens one.
export { adminQueryKeys } from "./api/admin-query-keys.ts";
export { AuditPage } from "./components/audit-page.tsx";
export { ProductFormPage } from "./components/product-form-page.tsx";
export { ProductManagementPage } from "./components/product-management-page.tsx";
export { ProtocolsPage } from "./components/protocols-page.tsx";
