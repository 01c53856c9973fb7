import { AdminLayout } from "./admin-layout.tsx";

/** `/admin/protocol/`: inside the admin frame, and honest that it is not built yet. */
export function ProtocolsPage() {
  return (
    <AdminLayout title="Protocols">
      <section className="stack">
        <h1>Protocols</h1>
        <p>
          Protocol management (shot templates, disease links, season dates and popup messages) is
          not ready yet.
        </p>
      </section>
    </AdminLayout>
  );
}
