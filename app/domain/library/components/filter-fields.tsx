// The search box and industry dropdown shared by the public filter forms (the
// library header and the project gallery): plain GET form fields, so they work
// with JavaScript off and filters.js can read them.
import { Search } from "lucide-react";
import { cn } from "~/lib/utils";

const FIELD =
  "h-9 rounded-md border border-input text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";

export function SearchField({ defaultValue, className }: { defaultValue: string; className?: string }) {
  return (
    <div className={cn("relative min-w-0", className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder="Search projects..."
        aria-label="Search projects"
        className={cn(FIELD, "w-full bg-transparent py-1 pr-3 pl-8")}
      />
    </div>
  );
}

export function IndustrySelect({
  defaultValue,
  industries,
  counts,
}: {
  defaultValue: string;
  industries: string[];
  /** How many projects each industry would leave (the library); live-updated by filters.js. */
  counts?: Record<string, number>;
}) {
  return (
    <select
      name="industry"
      defaultValue={defaultValue}
      aria-label="Filter by industry"
      className={cn(FIELD, "bg-background px-2")}
    >
      <option value="">All Industries</option>
      {industries.map((industry, i) =>
        counts ? (
          <option key={industry} value={industry} id={`facet-industry-${i}`} data-live>
            {`${industry} (${counts[industry] ?? 0})`}
          </option>
        ) : (
          <option key={industry} value={industry}>
            {industry}
          </option>
        ),
      )}
    </select>
  );
}
