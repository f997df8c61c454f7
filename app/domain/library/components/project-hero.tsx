// The top of a case study: the hero picture across the page with the title,
// client and installation date over it (under it on a phone). The picture's
// box has its size before a byte arrives and loads first, so nothing moves.
import { longDate } from "~/lib/format";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import type { PublicProject } from "../project-page";

export function ProjectHero({ project }: { project: PublicProject }) {
  const { hero, client } = project;
  const installed = longDate(project.endDate);
  const byline = (
    <p className="flex flex-col gap-x-3 gap-y-0.5 text-base sm:flex-row sm:flex-wrap sm:text-lg">
      <span className="font-semibold">{client.name}</span>
      {installed ? (
        <>
          {/* A separator only where the two share a line. */}
          <span aria-hidden="true" className="hidden sm:inline">
            ·
          </span>
          <span>Installed {installed}</span>
        </>
      ) : null}
    </p>
  );
  const eyebrow = client.industryType ? (
    <p className="text-sm font-semibold tracking-wide uppercase opacity-90">{client.industryType}</p>
  ) : null;

  if (!hero) {
    return (
      <header className="mx-auto grid w-full max-w-6xl gap-3 px-4 pt-10 sm:px-6">
        <div className="text-primary">{eyebrow}</div>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{project.title}</h1>
        <div className="text-muted-foreground">{byline}</div>
      </header>
    );
  }

  return (
    <header className="relative isolate bg-neutral-950">
      <ResponsiveImage
        image={hero.sources}
        alt={hero.alt}
        sizes="100vw"
        priority
        // A fixed shape per breakpoint (capped by the screen's height): known before the picture loads.
        className="aspect-[4/3] max-h-[80vh] w-full sm:aspect-[16/9] lg:aspect-[21/9] lg:max-h-[640px]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 hidden bg-gradient-to-t from-black/80 via-black/25 to-transparent sm:block"
      />
      <div className="bg-background sm:absolute sm:inset-x-0 sm:bottom-0 sm:bg-transparent">
        <div className="mx-auto grid w-full max-w-6xl gap-2 px-4 pt-5 sm:px-6 sm:pb-10 sm:text-white sm:[text-shadow:0_1px_12px_rgb(0_0_0/0.45)]">
          <div className="text-primary sm:text-white">{eyebrow}</div>
          <h1 className="max-w-4xl text-3xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {project.title}
          </h1>
          <div className="text-muted-foreground sm:text-white/90">{byline}</div>
        </div>
      </div>
    </header>
  );
}
