// "Download project book" under the library's results: the PDF of what the
// current filters show (inside the results, so the live filters keep it in step).
import { FileDown } from "lucide-react";
import { type LibraryQuery, librarySearch } from "~/domain/library/library";
import { buttonVariants } from "~/ui/button";

export function projectBookHref(query: Omit<LibraryQuery, "page">): string {
  return `/project-book.pdf${librarySearch(query)}`;
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
