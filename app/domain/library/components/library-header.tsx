// The public pages' sticky header: logo to the library, 'Project Library',
// and the filters — a GET form to "/", so it works without JavaScript; the
// library script makes it live on the library itself. Sticky from 768 px: on a
// phone its rows would cover a quarter of the screen, so there it scrolls away.
import { SlidersHorizontal } from "lucide-react";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { Logo } from "~/ui/logo";
import type { PublicChrome } from "../chrome.server";
import { type LibraryFacets, type LibraryQuery, libraryUrl } from "../library";
import { IndustrySelect, SearchField } from "./filter-fields";
import { FILTER_FORM } from "./library-facets";

export function LibraryHeader({
  chrome,
  query,
  live = false,
  facets,
}: {
  chrome: PublicChrome;
  query: LibraryQuery;
  live?: boolean;
  /** On the library: how many projects each industry and option would leave. */
  facets?: LibraryFacets;
}) {
  const { company } = chrome;
  const selected = new Set(query.options);
  return (
    <header
      data-library-chrome
      className="z-20 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85 md:sticky md:top-0"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <a
          href="/"
          className="flex items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {company.logo ? (
            <ResponsiveImage
              image={company.logo}
              alt=""
              sizes="36px"
              fit="contain"
              priority
              className="size-9 bg-transparent"
            />
          ) : (
            <Logo className="size-9" />
          )}
          <span className="text-lg font-semibold">Project Library</span>
          {company.name ? <span className="sr-only"> — {company.name}</span> : null}
        </a>
        <form
          action="/"
          method="get"
          role="search"
          aria-label="Find projects"
          id={FILTER_FORM}
          data-filters
          data-live-results={live ? "library-results" : undefined}
          data-loading={live ? "library-loading" : undefined}
          className="ml-auto flex w-full flex-wrap items-center gap-2 md:w-auto"
        >
          <SearchField defaultValue={query.q} className="flex-1 basis-full sm:basis-auto md:w-64 md:flex-none" />
          <IndustrySelect defaultValue={query.industry} industries={chrome.industries} counts={facets?.industries} />
          <details data-options-popover className="relative">
            <summary className="flex h-9 cursor-pointer list-none items-center gap-2 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none select-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              Options
              <span
                data-options-count
                className="min-w-5 rounded-full bg-primary px-1.5 text-center text-xs font-medium text-primary-foreground"
                hidden={selected.size === 0}
              >
                {selected.size}
              </span>
              <span className="sr-only"> selected</span>
            </summary>
            <div className="absolute right-0 z-30 mt-2 w-72 rounded-md border bg-popover p-2 text-popover-foreground shadow-md">
              <fieldset className="max-h-[400px] overflow-y-auto">
                <legend className="sr-only">Playground options: projects must have all that you tick</legend>
                {chrome.options.length === 0 ? (
                  <p className="p-2 text-sm text-muted-foreground">No playground options yet</p>
                ) : (
                  chrome.options.map((option) => {
                    const count = facets ? (facets.options[option.id] ?? 0) : null;
                    return (
                      <label
                        key={option.id}
                        className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-accent"
                      >
                        <input
                          type="checkbox"
                          name="options"
                          value={option.id}
                          defaultChecked={selected.has(option.id)}
                          className="size-4 accent-primary"
                        />
                        <span className="flex-1">{option.name}</span>
                        {count !== null ? (
                          <span
                            id={`facet-option-${option.id}-count`}
                            data-live
                            className="text-xs text-muted-foreground tabular-nums"
                          >
                            {count}
                            <span className="sr-only"> {count === 1 ? "project" : "projects"}</span>
                          </span>
                        ) : null}
                      </label>
                    );
                  })
                )}
              </fieldset>
              <div className="mt-2 flex items-center justify-between border-t pt-2">
                <a
                  href={libraryUrl(query, { options: [] })}
                  data-clear-options
                  className="rounded-sm px-2 py-1 text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  Clear
                </a>
                <button
                  type="submit"
                  className="rounded-md bg-primary px-3 py-1 text-sm font-medium text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  Apply
                </button>
              </div>
            </div>
          </details>
          <button
            type="submit"
            data-submit
            className="h-9 rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Search
          </button>
        </form>
      </div>
    </header>
  );
}
