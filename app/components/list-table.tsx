// The admin lists' table: "Loading …" while the list reloads for new search
// params, the empty state, then a bordered table whose rows open their record
// (a click anywhere in the row but on a link, a button or a menu item) and end
// with the row's actions.
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { EmptyState } from "./empty-state";
import { ListLoading, useListReloading } from "./list-loading";

export function ListTable<Row extends { id: string }>({
  rows,
  loading,
  empty,
  columns,
  href,
  cells,
  actions,
}: {
  rows: readonly Row[];
  /** What shows while the list reloads ('Loading projects...'). */
  loading: string;
  /** What shows when there is no row. */
  empty: ReactNode;
  /** The header cells, but the actions' column. */
  columns: ReactNode;
  /** Where a click on the row goes. */
  href: (row: Row) => string;
  /** The row's cells, but the actions' one. */
  cells: (row: Row) => ReactNode;
  actions: (row: Row) => ReactNode;
}) {
  const navigate = useNavigate();
  const reloading = useListReloading();
  if (reloading) return <ListLoading text={loading} />;
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            {columns}
            <TableHead className="w-12">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.id}
              className="cursor-pointer"
              onClick={(event) => {
                // Links, buttons and menu items in the row do their own thing.
                if ((event.target as HTMLElement).closest("a, button, [role=menuitem]")) return;
                navigate(href(row));
              }}
            >
              {cells(row)}
              <TableCell>{actions(row)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
