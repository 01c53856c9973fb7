import type { ReactNode } from "react";

/** How many pages a list of `total` rows fills, `pageSize` a page; an empty list is one page. */
export function countPages(list: { total: number; pageSize: number } | undefined): number {
  return list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
}

/** Previous page, where the list is (`children`), Next page; each button off at its end. */
export function AdminPager({
  page,
  pageCount,
  onPage,
  children,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <div className="admin-pager">
      <button
        type="button"
        className="button button--quiet"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous page
      </button>
      <p>{children}</p>
      <button
        type="button"
        className="button button--quiet"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
    </div>
  );
}
