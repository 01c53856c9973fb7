import type { ReactNode } from "react";

/**
 * An admin list as a table that scrolls sideways on a narrow screen: its caption for a screen
 * reader, its column headers (an unlabelled last column holds each row's buttons), its rows.
 */
export function AdminTable({
  caption,
  columns,
  hasActions = false,
  isBusy,
  children,
}: {
  caption: ReactNode;
  columns: readonly string[];
  hasActions?: boolean;
  isBusy?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="admin-table__scroll">
      <table className="admin-table" aria-busy={isBusy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {hasActions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
