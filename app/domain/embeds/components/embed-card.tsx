// The compact form of an embeddable page (`?view=card`), which oEmbed answers
// point at. Consumers such as WordPress keep the iframe but strip our script,
// so the frame can never grow to its content: the card is made to fill exactly
// the frame's fixed height at any width (the picture takes what the text
// leaves), so there is nothing to scroll. Where /embed.js does run, it swaps
// the card for the whole page before the frame loads.
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import type { ImageSources } from "~/lib/image-sources";
import type { PublicGallery } from "~/domain/library/gallery-page";
import type { PublicProject } from "~/domain/library/project-page";

interface CardContent {
  eyebrow: string | null;
  title: string;
  byline: string | null;
  image: { sources: ImageSources; alt: string } | null;
  href: string;
  linkText: string;
}

function EmbedCard({ card }: { card: CardContent }) {
  return (
    // A fixed-height frame: the card is the viewport, and nothing may overflow it.
    <main className="flex h-dvh flex-col overflow-hidden bg-card text-card-foreground min-[480px]:flex-row">
      {card.image ? (
        <ResponsiveImage
          image={card.image.sources}
          alt={card.image.alt}
          sizes="(min-width: 480px) 45vw, 100vw"
          priority
          className="min-h-0 w-full flex-1 min-[480px]:h-full min-[480px]:w-[45%] min-[480px]:flex-none"
        />
      ) : null}
      <div className="flex shrink-0 flex-col justify-center gap-2 p-4 min-[480px]:flex-1 min-[480px]:p-6">
        {card.eyebrow ? (
          <p className="truncate text-xs font-semibold tracking-wide text-primary uppercase">{card.eyebrow}</p>
        ) : null}
        <h1 className="line-clamp-2 text-xl leading-tight font-bold tracking-tight sm:text-2xl">{card.title}</h1>
        {card.byline ? <p className="truncate text-sm text-muted-foreground">{card.byline}</p> : null}
        <p>
          <a
            href={card.href}
            target="_blank"
            rel="noopener"
            className="mt-1 inline-flex items-center rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {card.linkText}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </div>
    </main>
  );
}

export function ProjectEmbedCard({ project, origin }: { project: PublicProject; origin: string }) {
  const { client } = project;
  const place = [client.name, client.location].filter(Boolean).join(" · ");
  return (
    <EmbedCard
      card={{
        eyebrow: client.industryType,
        title: project.title,
        byline: place || null,
        image: project.hero ? { sources: project.hero.sources, alt: project.hero.alt } : null,
        href: project.projectName ? `${origin}/${project.projectName}` : `${origin}/projects/${project.id}/preview`,
        linkText: "View project",
      }}
    />
  );
}

export function GalleryEmbedCard({ gallery, origin }: { gallery: PublicGallery; origin: string }) {
  const cover = gallery.cards.find((card) => card.cover)?.cover ?? null;
  const count = gallery.cards.length;
  return (
    <EmbedCard
      card={{
        eyebrow: gallery.siteName,
        title: gallery.name,
        byline: `${count} ${count === 1 ? "project" : "projects"}`,
        image: cover ? { sources: cover, alt: "" } : null,
        href: `${origin}/gallery/${gallery.slug}`,
        linkText: "View gallery",
      }}
    />
  );
}
