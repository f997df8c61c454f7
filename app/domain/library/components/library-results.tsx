// The library's result cards and pages. The library script swaps this block
// when the filters change, so it holds everything that depends on them.
import { Building2, Clapperboard, Images } from "lucide-react";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { shortMonthYear } from "~/lib/format";
import { Badge } from "~/ui/badge";
import { type LibraryCard, type LibraryQuery, type LibraryResults as Results, libraryUrl } from "../library";
import { ClientFacts } from "./client-facts";

function Card({ card, priority }: { card: LibraryCard; priority: boolean }) {
  const { client } = card;
  const date = shortMonthYear(card.endDate);
  return (
    <li className="relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md">
      {/* The project's own photo leads (a plain box keeps the row even when it has none). */}
      <ResponsiveImage
        image={card.photo}
        alt={card.photo?.alt ?? ""}
        sizes="(min-width: 1280px) 400px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
        className="aspect-[3/2] w-full border-b"
        priority={priority}
      />
      <div className="flex gap-4 p-4">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-white">
          {client.logo ? (
            <ResponsiveImage
              image={client.logo}
              alt={`${client.name} logo`}
              sizes="64px"
              fit="contain"
              className="size-full bg-white"
              priority={priority}
            />
          ) : (
            <span className="flex flex-col items-center gap-0.5 text-[10px] text-muted-foreground">
              <Building2 aria-hidden="true" className="size-4" />
              No Logo
            </span>
          )}
        </div>
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] content-start gap-1.5">
          <h2 className="font-semibold leading-snug">
            {/* The title's link covers the whole card. */}
            <a
              href={card.href}
              className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
            >
              {card.title}
            </a>
          </h2>
          <p className="truncate text-sm">{client.name}</p>
          {client.industryType ? <Badge variant="secondary">{client.industryType}</Badge> : null}
          <ClientFacts location={client.location} website={client.website} small />
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            {date ? <span>{date}</span> : null}
            <span className="flex items-center gap-1">
              <Images aria-hidden="true" className="size-3.5" />
              {card.imageCount} {card.imageCount === 1 ? "image" : "images"}
            </span>
            <span className="flex items-center gap-1">
              <Clapperboard aria-hidden="true" className="size-3.5" />
              {card.videoCount} {card.videoCount === 1 ? "video" : "videos"}
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}

export function LibraryResults({ results, query }: { results: Results; query: LibraryQuery }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {results.total} {results.total === 1 ? "project" : "projects"}
      </p>
      {results.cards.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <p className="text-muted-foreground">No projects found matching your filters.</p>
          {/* The way back: every filter (search, industry, options, facets) cleared. */}
          <a href="/" className="text-sm font-medium text-primary hover:underline">
            Clear filters
          </a>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {results.cards.map((card, i) => (
            // The first row (three columns at most) loads at once; the rest as they scroll near.
            <Card key={card.id} card={card} priority={i < 3} />
          ))}
        </ul>
      )}
      {results.pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-2 text-sm">
          {results.page > 1 ? (
            <a
              href={libraryUrl(query, { page: results.page - 1 })}
              className="rounded-md border px-3 py-1.5 hover:bg-accent"
            >
              Previous
            </a>
          ) : (
            <span />
          )}
          <span className="text-muted-foreground">
            Page {results.page} of {results.pageCount}
          </span>
          {results.page < results.pageCount ? (
            <a
              href={libraryUrl(query, { page: results.page + 1 })}
              className="rounded-md border px-3 py-1.5 hover:bg-accent"
            >
              Next
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
