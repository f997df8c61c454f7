// A published gallery, as embedded on the company's site: server-rendered,
// not hydrated; its videos and sizing come from the embed frame script.
import { Building2, Star } from "lucide-react";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { monthYear } from "~/lib/format";
import { Badge } from "~/ui/badge";
import type { GalleryCard, PublicGallery } from "../gallery-page";
import { StaticVideo } from "./static-video";
import { ClientFacts } from "./client-facts";

function Card({ card, priority }: { card: GalleryCard; priority: boolean }) {
  const installed = monthYear(card.endDate);
  const { client } = card;
  return (
    <li className="relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow has-[a[data-card-link]:hover]:shadow-md">
      {card.video ? (
        <div className="relative z-10 p-3 pb-0">
          <StaticVideo youtubeId={card.video.youtubeId} title="3D Project Preview" />
        </div>
      ) : card.cover ? (
        <ResponsiveImage
          image={card.cover}
          alt=""
          // The card's real width: a 1280 px container (24 px padding), 20 px gaps, 4/3/2/1 columns.
          sizes="(min-width: 1280px) 293px, (min-width: 1024px) calc((100vw - 88px) / 3), (min-width: 640px) calc((100vw - 68px) / 2), calc(100vw - 32px)"
          className="aspect-[4/3]"
          priority={priority}
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-white">
            {client.logo ? (
              <ResponsiveImage
                image={client.logo}
                alt={`${client.name} logo`}
                sizes="48px"
                fit="contain"
                className="size-full bg-white"
                priority={priority}
              />
            ) : (
              <span className="px-1 text-center text-[10px] leading-tight text-muted-foreground">No Logo</span>
            )}
          </div>
          <div className="grid min-w-0 gap-1">
            <h2 className="font-semibold leading-snug">
              {card.featuredUrl ? (
                card.title
              ) : (
                <a href={card.href ?? "#"} target="_blank" rel="noopener" className="hover:underline">
                  {card.title}
                </a>
              )}
            </h2>
            <p className="truncate text-sm text-muted-foreground">{client.name}</p>
            {client.industryType ? <Badge variant="secondary">{client.industryType}</Badge> : null}
          </div>
        </div>
        <ClientFacts location={client.location} website={client.website}>
          {installed ? <li>Installation: {installed}</li> : null}
        </ClientFacts>
        {card.featuredUrl ? (
          <div className="mt-auto flex items-center justify-between gap-2 pt-1">
            {/* The whole card opens the featured URL: this link stretches over it. */}
            <a
              href={card.featuredUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-card-link
              className="inline-flex items-center gap-1.5 rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground after:absolute after:inset-0 after:content-[''] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Star aria-hidden="true" className="size-4" />
              Featured Project
              <span className="sr-only">: {card.title} (opens in a new tab)</span>
            </a>
            <span className="text-xs text-muted-foreground">Click to view</span>
          </div>
        ) : null}
      </div>
    </li>
  );
}

export function GalleryPage({ gallery }: { gallery: PublicGallery }) {
  return (
    <main className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{gallery.name}</h1>
        {gallery.description ? (
          <p className="max-w-prose whitespace-pre-line text-muted-foreground">{gallery.description}</p>
        ) : null}
      </header>
      {gallery.cards.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          No projects in this gallery yet.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {gallery.cards.map((card, i) => (
            // The first row (four columns at most) loads at once; the rest as they scroll near.
            <Card key={card.projectId} card={card} priority={i < 4} />
          ))}
        </ul>
      )}
    </main>
  );
}

export function GalleryNotFound() {
  return (
    <main className="flex min-h-[50vh] flex-col items-center justify-center gap-2 p-6 text-center">
      <Building2 aria-hidden="true" className="size-8 text-muted-foreground" />
      <h1 className="text-2xl font-semibold">Gallery Not Found</h1>
      <p className="text-muted-foreground">This gallery is not available or has been unpublished.</p>
    </main>
  );
}

export function GalleryError({ message }: { message?: string }) {
  return (
    <main className="flex min-h-[50vh] flex-col items-center justify-center gap-2 p-6 text-center">
      <h1 className="text-2xl font-semibold">Error Loading Gallery</h1>
      <p className="text-muted-foreground">{message || "An error occurred"}</p>
    </main>
  );
}
