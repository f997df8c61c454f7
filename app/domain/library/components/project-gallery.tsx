// The public project gallery's cards, and the dialog their links open: its
// content is fetched from /projects/{id}/dialog when it opens (with JavaScript
// off, the link opens the project's page).
import { ImageOff, MessageSquareText } from "lucide-react";
import { projectInquiryPath } from "~/domain/inquiries/components/request-quote-link";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { Badge } from "~/ui/badge";
import { buttonVariants } from "~/ui/button";
import type { ProjectDialogContent, ProjectGalleryCard } from "../project-gallery.server";

/** The dialog's content, rendered on its own for /projects/{id}/dialog. */
export function DialogContent({ project }: { project: ProjectDialogContent }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1 pr-10">
        <h2 id="project-dialog-title" className="text-2xl font-bold">
          {project.title}
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>{project.clientName}</span>
          {project.industryType ? <Badge variant="secondary">{project.industryType}</Badge> : null}
        </p>
      </div>
      {project.description ? <p className="whitespace-pre-line">{project.description}</p> : null}
      {project.images.length ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {project.images.map((image, i) => (
            <li key={image.id}>
              <figure className="grid gap-1">
                <ResponsiveImage
                  image={image.sources}
                  alt={image.altText ?? image.caption ?? `${project.title}, picture ${i + 1}`}
                  sizes="(min-width: 640px) 28rem, 100vw"
                  className="aspect-[4/3] rounded-lg"
                  // The first row shows as the dialog opens.
                  loading={i < 2 ? "eager" : "lazy"}
                />
                {image.caption ? (
                  <figcaption className="text-sm text-muted-foreground">{image.caption}</figcaption>
                ) : null}
              </figure>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">No pictures yet.</p>
      )}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <a href={projectInquiryPath(project.id)} data-inquiry className={buttonVariants()}>
          <MessageSquareText aria-hidden="true" />
          Request a playground like this
        </a>
        <a href={project.href} className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline">
          Open the project's page
        </a>
      </div>
    </div>
  );
}

export function ProjectGalleryCards({ cards }: { cards: ProjectGalleryCard[] }) {
  if (cards.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
        No projects found matching your criteria.
      </p>
    );
  }
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card, i) => (
        <li
          key={card.id}
          className="relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm hover:shadow-md"
        >
          {card.cover ? (
            <ResponsiveImage
              image={card.cover}
              alt=""
              sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              className="aspect-[4/3]"
              // The first row (three columns at most) loads at once; the rest as they scroll near.
              priority={i < 3}
            />
          ) : (
            <div className="flex aspect-[4/3] flex-col items-center justify-center gap-1 bg-muted text-sm text-muted-foreground">
              <ImageOff aria-hidden="true" className="size-6" />
              No image
            </div>
          )}
          <div className="grid flex-1 content-start gap-2 p-4">
            <h2 className="font-semibold leading-snug">
              <a
                href={card.href}
                data-project-dialog={card.id}
                className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
              >
                {card.title}
              </a>
            </h2>
            {card.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{card.description}</p> : null}
            <div className="flex flex-wrap gap-1.5">
              {card.industryType ? <Badge variant="secondary">{card.industryType}</Badge> : null}
              {card.themeStyle ? <Badge variant="outline">{card.themeStyle}</Badge> : null}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The one dialog the cards fill; rendered once per page. */
export function ProjectDialog() {
  return (
    <dialog
      id="project-dialog"
      aria-labelledby="project-dialog-title"
      className="m-auto max-h-[90vh] w-[min(56rem,calc(100vw-2rem))] max-w-none overflow-hidden rounded-xl border bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/70"
    >
      <div className="relative max-h-[min(90vh,var(--embed-room,90vh))] overflow-y-auto p-6" id="project-dialog-body" />
      <p id="project-dialog-loading" role="status" hidden className="p-6 text-sm text-muted-foreground">
        Loading project...
      </p>
      <button
        type="button"
        data-close-dialog
        className="absolute top-3 right-3 rounded-md border bg-background px-3 py-1.5 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        Close
      </button>
    </dialog>
  );
}
