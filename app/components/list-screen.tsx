// An admin list screen: title and "new" link, search and filters in the URL,
// the rows, and the pages.
import { Download, Upload } from "lucide-react";
import type * as React from "react";
import { Link, useLocation } from "react-router";
import type { Paginated } from "~/lib/pagination";
import { buttonVariants } from "~/ui/button";
import { Pagination } from "~/ui/pagination";
import { ListFilters } from "./list-filters";
import { NewItemLink } from "./new-item-link";
import { PageHeader } from "./page-header";

export function ListScreen({
  title,
  description,
  newItem,
  exportTo,
  moreExports = [],
  links = [],
  importable,
  search,
  filters,
  list,
  noun,
  children,
}: {
  title: string;
  description: string;
  /** The "new" link; a list whose rows come from elsewhere (inquiries) has none. */
  newItem?: { to: string; label: string };
  /** Where "Export CSV" downloads the list with its current search and filters (`<list>/export`). */
  exportTo?: string;
  /** Further downloads beside it, with the same search and filters (a proposal's lines). */
  moreExports?: { to: string; label: string }[];
  /** Pages of this list's own (a list's templates), as outline links before the downloads. */
  links?: { to: string; label: string }[];
  /** Rows of this list can be brought in from a CSV file (/admin/import). */
  importable?: boolean;
  search: { q: string; label: string; placeholder: string };
  /** Further filters (FilterSelect), beside the search box. */
  filters?: React.ReactNode;
  list: Pick<Paginated<unknown>, "page" | "pageCount" | "total">;
  /** The rows' plural noun, for the pagination ("projects"). */
  noun: string;
  /** The table or cards of the page's rows. */
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title={title} description={description}>
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={buttonVariants({ variant: "outline" })}>
            {link.label}
          </Link>
        ))}
        {importable ? (
          <Link to="/admin/import" className={buttonVariants({ variant: "outline" })}>
            <Upload aria-hidden="true" />
            Import CSV
          </Link>
        ) : null}
        {exportTo ? <ExportLink to={exportTo} label="Export CSV" /> : null}
        {moreExports.map((more) => (
          <ExportLink key={more.to} to={more.to} label={more.label} />
        ))}
        {newItem ? <NewItemLink to={newItem.to}>{newItem.label}</NewItemLink> : null}
      </PageHeader>
      <ListFilters q={search.q} searchLabel={search.label} placeholder={search.placeholder}>
        {filters}
      </ListFilters>
      {children}
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun={noun} />
    </div>
  );
}

/** A download (a plain link: the file is not a page), with the list's search and filters but not its page. */
function ExportLink({ to, label }: { to: string; label: string }) {
  const params = new URLSearchParams(useLocation().search);
  params.delete("page");
  const query = params.toString();
  return (
    <a href={query ? `${to}?${query}` : to} download className={buttonVariants({ variant: "outline" })}>
      <Download aria-hidden="true" />
      {label}
    </a>
  );
}
