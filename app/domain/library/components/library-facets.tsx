// The library's facets beside the results: age groups (a project must serve
// all ticked), inclusive play and surfacing (one), each choice with the number
// of projects it would leave. The fields belong to the header's GET form
// (form="library-filters"), so they work without JavaScript (Apply); with it,
// filters.js applies each change at once and refreshes the counts (data-live).
import { SlidersHorizontal } from "lucide-react";
import { AGE_GROUP_LABELS, AGE_GROUPS, SURFACING_LABELS, SURFACINGS } from "~/domain/projects/labels";
import { cn } from "~/lib/utils";
import { type LibraryFacets as Facets, type LibraryQuery, libraryUrl } from "../library";

export const FILTER_FORM = "library-filters";

function Choice({
  type,
  name,
  value,
  label,
  count,
  checked,
}: {
  type: "checkbox" | "radio";
  name: string;
  value: string;
  label: string;
  /** Null: no count (the "Any" choice). */
  count: number | null;
  checked: boolean;
}) {
  const id = `facet-${name}-${value || "any"}`;
  // A choice that would leave nothing cannot be picked (one already picked can be undone).
  const empty = count === 0 && !checked;
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-accent",
        empty && "cursor-default opacity-60 hover:bg-transparent",
      )}
    >
      <input
        type={type}
        name={name}
        value={value}
        form={FILTER_FORM}
        defaultChecked={checked}
        disabled={empty}
        id={`${id}-input`}
        data-live
        className="size-4 accent-primary"
      />
      <span className="flex-1">{label}</span>
      {count !== null ? (
        <span id={`${id}-count`} data-live className="text-xs text-muted-foreground tabular-nums">
          {count}
          <span className="sr-only"> {count === 1 ? "project" : "projects"}</span>
        </span>
      ) : null}
    </label>
  );
}

function Facet({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid min-w-0 content-start gap-0.5">
      <legend className="mb-1 px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

export function LibraryFacets({ query, facets }: { query: LibraryQuery; facets: Facets }) {
  const chosenCount = query.ages.length + (query.inclusive ? 1 : 0) + (query.surfacing !== null ? 1 : 0);
  const chosen = chosenCount > 0;
  return (
    <aside aria-labelledby="library-facets" className="content-start lg:sticky lg:top-20">
      {/* On a phone the facets fold behind one "Filters" control, so the first screen shows
          projects; beside the results (1024 px and up) they are always open (app.css). */}
      <details data-filters-fold className="group/fold">
        <summary className="flex h-9 w-fit cursor-pointer list-none items-center gap-2 rounded-md border border-input bg-background px-3 text-sm font-medium shadow-xs outline-none select-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters
          <span
            id="filters-chosen"
            data-live
            className="min-w-5 rounded-full bg-primary px-1.5 text-center text-xs font-medium text-primary-foreground"
            hidden={chosenCount === 0}
          >
            {chosenCount}
            <span className="sr-only"> chosen</span>
          </span>
        </summary>
        <div className="mt-4 grid content-start gap-4 lg:mt-0">
          <div className="flex items-baseline justify-between gap-2 px-2">
            <h2 id="library-facets" className="font-semibold">
              Refine
            </h2>
            {/* Always in the page (hidden when nothing is chosen), so the live results can show it. */}
            <a
              id="facet-clear"
              data-live
              hidden={!chosen}
              href={libraryUrl(query, { ages: [], inclusive: false, surfacing: null })}
              className="text-sm font-medium text-primary hover:underline"
            >
              Clear filters
            </a>
          </div>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-1">
            <Facet legend="Age group">
              {AGE_GROUPS.map((group) => (
                <Choice
                  key={group}
                  type="checkbox"
                  name="age"
                  value={group}
                  label={AGE_GROUP_LABELS[group]}
                  count={facets.ages[group]}
                  checked={query.ages.includes(group)}
                />
              ))}
            </Facet>
            <Facet legend="Surfacing">
              <Choice
                type="radio"
                name="surfacing"
                value=""
                label="Any"
                count={null}
                checked={query.surfacing === null}
              />
              {SURFACINGS.map((value) => (
                <Choice
                  key={value}
                  type="radio"
                  name="surfacing"
                  value={value}
                  label={SURFACING_LABELS[value]}
                  count={facets.surfacing[value]}
                  checked={query.surfacing === value}
                />
              ))}
            </Facet>
            <Facet legend="Accessibility">
              <Choice
                type="checkbox"
                name="inclusive"
                value="yes"
                label="Inclusive play"
                count={facets.inclusive}
                checked={query.inclusive}
              />
            </Facet>
          </div>
          {/* Without JavaScript the choices apply with the form; with it, at once. */}
          <button
            type="submit"
            form={FILTER_FORM}
            className="mx-2 h-9 rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none js:hidden"
          >
            Apply filters
          </button>
        </div>
      </details>
    </aside>
  );
}
