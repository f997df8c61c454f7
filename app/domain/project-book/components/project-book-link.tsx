// "Download project book" under the library's results: the PDF of what the
// current filters show (inside the results, so the live filters keep it in step).
import { FileDown } from "lucide-react";
import type { LibraryQuery } from "~/domain/library/library";
import { buttonVariants } from "~/ui/button";

export function projectBookHref(query: Omit<LibraryQuery, "page">): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.industry) params.set("industry", query.industry);
  for (const option of query.options) params.append("options", option);
  const search = params.toString();
  return `/project-book.pdf${search ? `?${search}` : ""}`;
}

export function ProjectBookLink({ query, offered }: { query: Omit<LibraryQuery, "page">; offered: boolean }) {
  if (!offered) return null;
  return (
    <p className="flex justify-end">
      <a href={projectBookHref(query)} download className={buttonVariants({ variant: "outline" })}>
        <FileDown aria-hidden="true" />
        Download project book
      </a>
    </p>
  );
}
