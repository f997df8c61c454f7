// The library's header and footer around a public page, with their script.
import { InlineScript } from "~/components/inline-script";
import filtersScript from "~/embed/filters.js?raw";
import type { PublicChrome } from "../chrome.server";
import type { LibraryFacets, LibraryQuery } from "../library";
import { LibraryFooter } from "./library-footer";
import { LibraryHeader } from "./library-header";
import { StaffBar, type StaffView } from "./staff-bar";

const FRAMED = "if(window.parent!==window)document.documentElement.classList.add('framed')";

export function PublicShell({
  chrome,
  query,
  live = false,
  facets,
  staff,
  children,
}: {
  chrome: PublicChrome;
  query: LibraryQuery;
  /** On the library itself the results update as the visitor types. */
  live?: boolean;
  /** The library's counts for the header's industry and options. */
  facets?: LibraryFacets;
  /** Signed-in staff: the preview bar or the link back to the admin, above the header. */
  staff?: StaffView | null;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-svh flex-col in-[.framed]:min-h-0">
      {/* Inside another site's iframe the page shows without the library's
          header and footer; decided before they are drawn, so nothing flashes. */}
      <InlineScript source={FRAMED} />
      <StaffBar staff={staff} />
      <LibraryHeader chrome={chrome} query={query} live={live} facets={facets} />
      <div className="flex-1">{children}</div>
      <LibraryFooter company={chrome.company} />
      <InlineScript source={filtersScript} />
    </div>
  );
}
