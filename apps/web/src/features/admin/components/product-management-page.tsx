import { adminMessages } from "@vaxcal/contracts";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { SelectField, TextField } from "../../../components/ui/form-fields.tsx";
import { QueryPanels } from "../../../components/ui/query-panels.tsx";
import { paths } from "../../../config/paths.ts";
import { useFilterOptions } from "../api/list-filter-options.ts";
import { useProducts, type ProductFilters } from "../api/list-products.ts";
import { adminTexts } from "../admin-texts.ts";
import { AdminLayout } from "./admin-layout.tsx";
import { AdminPager, countPages } from "./admin-pager.tsx";
import { toNamedOptions } from "./named-options.ts";
import { AdminTable } from "./admin-table.tsx";

// The search box waits for a pause in typing before it asks the server.
const searchDelayMs = 300;

function readFilters(params: URLSearchParams): ProductFilters {
  const page = Number(params.get("page") ?? "1");
  return {
    category: params.get("category") ?? "",
    disease: params.get("disease") ?? "",
    search: params.get("search") ?? "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * `/admin` (docs/product.md §2 'Admin product management'): 'Product management', Back, 'Add
 * product', the category and disease filters and a search box, and the table of products. The
 * filters live in the address, so Back and a reload keep them; the server filters and pages.
 */
export function ProductManagementPage() {
  return (
    <AdminLayout title="Product management">
      <ProductManagement />
    </AdminLayout>
  );
}

// Rendered only for an admin, so its calls are never made for anyone else.
function ProductManagement() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [searchText, setSearchText] = useState(filters.search);
  const products = useProducts(filters);
  const { enterprises, diseases } = useFilterOptions();

  const setFilter = (changes: Partial<ProductFilters>) => {
    const next = { ...filters, page: 1, ...changes };
    const nextParams = new URLSearchParams();
    if (next.category) nextParams.set("category", next.category);
    if (next.disease) nextParams.set("disease", next.disease);
    if (next.search) nextParams.set("search", next.search);
    if (next.page > 1) nextParams.set("page", String(next.page));
    setParams(nextParams, { replace: true });
  };

  useEffect(() => {
    if (searchText.trim() === filters.search) return;
    const timer = setTimeout(() => setFilter({ search: searchText.trim() }), searchDelayMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing starts a search
  }, [searchText]);

  const pageCount = countPages(products.data);

  return (
    <section>
      <div className="admin-page__header">
        <h1>Product management</h1>
        <div className="button-row">
          <Link className="button button--quiet" to={paths.home.getHref()}>
            Back
          </Link>
          <Link className="button button--primary" to={paths.editProduct.getHref()}>
            Add product
          </Link>
        </div>
      </div>

      <form className="admin-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label="Category"
          placeholder="All categories"
          value={filters.category}
          onChange={(event) => setFilter({ category: event.target.value })}
          options={toNamedOptions(enterprises.data ?? [])}
        />
        <SelectField
          label="Disease"
          placeholder="All diseases"
          value={filters.disease}
          onChange={(event) => setFilter({ disease: event.target.value })}
          options={toNamedOptions(diseases.data ?? [])}
        />
        <TextField
          label="Search"
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </form>

      {!products.isSuccess ? (
        <QueryPanels
          queries={[products]}
          loadingLabel="Loading the products…"
          fallback={adminMessages.loadFailed}
        />
      ) : products.data.items.length === 0 ? (
        <p role="status">{adminTexts.noProducts}</p>
      ) : (
        <>
          <AdminTable
            caption={
              <>
                Products, page {products.data.page} of {pageCount}
              </>
            }
            columns={["Name", "Category", "Disease"]}
            isBusy={products.isFetching}
          >
            {products.data.items.map((product) => (
              <tr key={product.id}>
                <td>
                  <Link to={paths.editProduct.getHref(product.id)}>{product.name}</Link>
                  {product.retired && <span className="admin-badge">Retired</span>}
                </td>
                <td>{product.categories.join(", ")}</td>
                <td>{product.diseases.join(", ")}</td>
              </tr>
            ))}
          </AdminTable>
          <AdminPager
            page={filters.page}
            pageCount={pageCount}
            onPage={(page) => setFilter({ page })}
          >
            Page {products.data.page} of {pageCount} ({products.data.total} products)
          </AdminPager>
        </>
      )}
    </section>
  );
}
