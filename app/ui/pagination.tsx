// Previous / next links for a paginated list; the other search params are kept.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { cn } from "~/lib/utils";
import { buttonVariants } from "./button";

export function Pagination({
  page,
  pageCount,
  total,
  noun,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: string;
}) {
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target <= 1) next.delete("page");
    else next.set("page", String(target));
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  const linkClass = (disabled: boolean) =>
    cn(buttonVariants({ variant: "outline", size: "sm" }), disabled && "pointer-events-none opacity-50");
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-2 py-2 text-sm">
      <p className="text-muted-foreground">
        Page {page} of {pageCount} · {total.toLocaleString("en-US")} {noun}
      </p>
      <div className="flex gap-2">
        <Link
          to={hrefFor(page - 1)}
          className={linkClass(page <= 1)}
          aria-disabled={page <= 1}
          tabIndex={page <= 1 ? -1 : undefined}
          preventScrollReset
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Link>
        <Link
          to={hrefFor(page + 1)}
          className={linkClass(page >= pageCount)}
          aria-disabled={page >= pageCount}
          tabIndex={page >= pageCount ? -1 : undefined}
          preventScrollReset
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Link>
      </div>
    </nav>
  );
}
